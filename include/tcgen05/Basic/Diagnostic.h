//===- Diagnostic.h - Diagnostics: catalogue, records, consumers -*- C++ -*-===//
//
// The library never prints: it records Diagnostic values into a
// DiagnosticSink and hands them, in source order, to a DiagnosticConsumer
// that the caller supplies.  Message text comes only from the catalogue in
// DiagnosticKinds.def.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_DIAGNOSTIC_H
#define TCGEN05_BASIC_DIAGNOSTIC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
}

namespace tcgen05 {

enum class DiagID : uint16_t {
#define DIAG(Name, Code, Severity, Format) Name,
#define NOTE(Name, Format) Name,
#include "tcgen05/Basic/DiagnosticKinds.def"
  NumDiagIDs
};

enum class Severity : uint8_t { Note, Remark, Warning, Error };

struct DiagInfo {
  llvm::StringRef Name;
  unsigned Code; ///< 0 for notes.
  Severity DefaultSeverity;
  llvm::StringRef Format;
};

/// The -W group of a warning ("reserved-bits"), or empty.
llvm::StringRef diagGroup(DiagID ID);
/// The warning groups, comma-separated ("reserved-bits, ...").
std::string diagGroupList();
/// Whether some warning belongs to Group.
bool isDiagGroup(llvm::StringRef Group);

const DiagInfo &getDiagInfo(DiagID ID);
/// All catalogue entries that carry a code, in declaration order.
llvm::ArrayRef<DiagID> allCodedDiags();
std::optional<DiagID> lookupDiagCode(unsigned Code);
/// "TC0042".
std::string formatDiagCode(unsigned Code);
/// Substitutes %0, %1, ... in the catalogue format of ID.
std::string formatDiagMessage(DiagID ID, llvm::ArrayRef<std::string> Args);
llvm::StringRef severityName(Severity S);

struct DiagNote {
  DiagID ID;
  llvm::SMRange Range; ///< May be invalid: a note without a location.
  std::string Message;
};

struct Diagnostic {
  DiagID ID;
  Severity Sev;
  llvm::SMRange Range; ///< Start is the caret; may be invalid (file-level).
  std::string Message;
  std::vector<DiagNote> Notes;
  /// Names the input when Range is invalid (I/O errors).
  std::string File;
  /// The catalogue arguments Message was formatted from, so a caller that
  /// re-frames a diagnostic (an inline-asm template) re-formats, not edits.
  std::vector<std::string> Args;

  /// A diagnostic at its catalogue severity, its message formatted from the
  /// catalogue.  File names the input when R is invalid.
  static Diagnostic make(DiagID ID, llvm::SMRange R,
                         llvm::ArrayRef<std::string> Args = {},
                         std::string File = {});

  unsigned code() const { return getDiagInfo(ID).Code; }
  Diagnostic &note(DiagID NoteID, llvm::SMRange R,
                   llvm::ArrayRef<std::string> Args = {});
};

/// Receives finished diagnostics in source order.  Implementations: text,
/// JSON and SARIF printers, and the expected-diagnostic verifier.
class DiagnosticConsumer {
public:
  virtual ~DiagnosticConsumer();
  /// SM is null for diagnostics about inputs that could not be loaded.
  virtual void handleDiagnostic(const llvm::SourceMgr *SM,
                                const Diagnostic &D) = 0;
  /// Called once after the last input.
  virtual void finish() {}
};

/// Keeps every diagnostic it receives, for callers that look at them before
/// (or instead of) printing: trial checks, re-framed inline-asm templates.
class CollectingDiagnosticConsumer : public DiagnosticConsumer {
public:
  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override;
  std::vector<Diagnostic> Diags;
};

/// Collects diagnostics of one region of one input.  Regions are checked
/// independently (possibly on different threads) and merged afterwards, so a
/// sink is cheap and owns everything it records.
class DiagnosticSink {
public:
  /// ErrorCap: stop recording (and ask producers to stop) after this many
  /// errors; 0 means no cap.
  explicit DiagnosticSink(unsigned ErrorCap = 0) : ErrorCap(ErrorCap) {}

  Diagnostic &report(DiagID ID, llvm::SMRange R,
                     llvm::ArrayRef<std::string> Args = {});
  Diagnostic &report(DiagID ID, llvm::SMLoc L,
                     llvm::ArrayRef<std::string> Args = {}) {
    return report(ID, llvm::SMRange(L, L), Args);
  }

  unsigned numErrors() const { return NumErrors; }
  /// True once the cap is reached: producers should stop early.
  bool shouldStop() const { return ErrorCap && NumErrors >= ErrorCap; }

  std::vector<Diagnostic> &diagnostics() { return Diags; }
  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// Appends Other's diagnostics.
  void append(DiagnosticSink &&Other);
  /// Orders diagnostics by caret position (stable for equal positions).
  void sortBySource();

private:
  std::vector<Diagnostic> Diags;
  Diagnostic Discarded; ///< Target of reports past the cap.
  unsigned ErrorCap;
  unsigned NumErrors = 0;
};

/// Options that map severities when diagnostics are delivered.
struct DiagnosticOptions {
  bool WarningsAsErrors = false;
  bool IgnoreWarnings = false;
  unsigned ErrorLimit = 20; ///< 0: unlimited.
  /// -Wno-<group>, -Werror=<group>, -Wno-error=<group>.
  std::vector<std::string> DisabledGroups, ErrorGroups, NoErrorGroups;
};

/// Delivers diagnostics to a consumer, applying DiagnosticOptions and the
/// error limit, and counts what was delivered.
class DiagnosticsEngine {
public:
  DiagnosticsEngine(DiagnosticConsumer &Consumer, DiagnosticOptions Opts)
      : Consumer(Consumer), Opts(Opts) {}

  /// Returns false once the error limit has been reached.
  bool emit(const llvm::SourceMgr *SM, Diagnostic D);
  void emitAll(const llvm::SourceMgr *SM, std::vector<Diagnostic> &Diags);

  unsigned numErrors() const { return NumErrors; }
  unsigned numWarnings() const { return NumWarnings; }
  bool limitReached() const { return LimitReached; }
  const DiagnosticOptions &options() const { return Opts; }
  DiagnosticConsumer &consumer() { return Consumer; }

private:
  DiagnosticConsumer &Consumer;
  DiagnosticOptions Opts;
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  bool LimitReached = false;
};

} // namespace tcgen05

#endif
