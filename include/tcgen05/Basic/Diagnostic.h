//===- Diagnostic.h - Diagnostics: catalogue, records, consumers -*- C++
//-*-===//
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
#include <type_traits>
#include <vector>

namespace llvm {
class SourceMgr;
}

namespace tcgen05 {

struct DiagnosticOptions;
class LineIndex;

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
/// Whether Opts keep the warnings of Group from being shown: -Wno-Group (or
/// of a group above it), or Group is off by default and no -WGroup names it.
bool groupSilenced(const DiagnosticOptions &Opts, llvm::StringRef Group);
/// The severity a diagnostic of Group (empty: none) reported as S has under
/// Opts' -W flags; nothing when they silence it.
std::optional<Severity> severityUnder(const DiagnosticOptions &Opts,
                                      llvm::StringRef Group, Severity S);
/// Whether Group is off unless -WGroup names it (a pedantic group).
bool isDefaultOffGroup(llvm::StringRef Group);

/// What a catalogue argument is, written in the format where it goes, as
/// clang writes %ordinal0: the catalogue, not the caller, decides how an
/// argument is spelled.
///   %0         Text: a name or source spelling, printed as given
///   %operand0  Operand: an operand role name (a-desc)
///   %qual0     Qualifier: a spelling such as .cta_group::1, printed quoted
///   %value0    Value: an integer, in decimal
///   %hex0      Hex: an integer with its bit width, in zero-padded hex
///   %range0    Range: two integers, [lo, hi]
///   %list0     List: values, joined as "a, b or c"
///   %quals0    Quals: qualifier spellings, quoted and joined as a List
enum class DiagArgKind : uint8_t {
  Text,
  Operand,
  Qualifier,
  Value,
  Hex,
  Range,
  List,
  Quals
};

/// The keyword of Kind in a format ("qual"; "" for Text).
llvm::StringRef diagArgKindName(DiagArgKind Kind);

/// One placeholder of a catalogue format: %<kind><index>.
struct DiagPlaceholder {
  unsigned Index;
  DiagArgKind Kind;
};

/// The placeholders of ID's format in order, or nothing if one names an
/// unknown kind.
std::optional<std::vector<DiagPlaceholder>> diagPlaceholders(DiagID ID);

/// A catalogue argument: text, an integer, a pair of integers or a list of
/// words.  Strings and integers convert implicitly, so a report reads
/// Sink.report(ID, R, {Word, Count}).
class DiagArg {
public:
  enum class Shape : uint8_t { String, Integer, Range, List };

  DiagArg(std::string S) : Str(std::move(S)) {}
  DiagArg(const char *S) : Str(S) {}
  DiagArg(llvm::StringRef S) : Str(S.str()) {}
  template <typename T,
            std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>,
                             int> = 0>
  DiagArg(T V) : TheShape(Shape::Integer), Lo(static_cast<int64_t>(V)) {}

  /// An integer printed in hex with Bits / 4 digits (a descriptor).
  static DiagArg bits(uint64_t V, unsigned Bits);
  static DiagArg range(int64_t Lo, int64_t Hi);
  static DiagArg list(std::vector<std::string> Items);

  Shape shape() const { return TheShape; }
  /// The string of a String argument.
  const std::string &str() const { return Str; }
  int64_t value() const { return Lo; }
  int64_t high() const { return Hi; }
  unsigned width() const { return Width; }
  const std::vector<std::string> &items() const { return Items; }

  /// The argument as a placeholder of kind K spells it.
  std::string format(DiagArgKind K) const;

private:
  DiagArg() = default;
  Shape TheShape = Shape::String;
  std::string Str;
  int64_t Lo = 0, Hi = 0;
  unsigned Width = 32;
  std::vector<std::string> Items;
};

const DiagInfo &getDiagInfo(DiagID ID);
/// All catalogue entries that carry a code, in declaration order.
llvm::ArrayRef<DiagID> allCodedDiags();
std::optional<DiagID> lookupDiagCode(unsigned Code);
/// "TC0042".
std::string formatDiagCode(unsigned Code);
/// Parses "TC1101", "tc1101" or "1101".
std::optional<unsigned> parseDiagCode(llvm::StringRef Text);
/// The catalogue's ranges (DiagnosticKinds.def): below FirstUsageCode the
/// input and I/O, then the command line, then from FirstLexicalCode the
/// text's lexis and syntax.
inline constexpr unsigned FirstUsageCode = 100;
inline constexpr unsigned FirstLexicalCode = 1000;
/// The first code past the catalogue's input, usage, lexical and syntax
/// ranges (DiagnosticKinds.def): a code below it is about the input, the
/// command line or the text's syntax, never a finding in valid PTX.
inline constexpr unsigned FirstSymbolCode = 2000;
/// Substitutes the placeholders of ID's catalogue format, each argument
/// spelled as its placeholder's kind says.
std::string formatDiagMessage(DiagID ID, llvm::ArrayRef<DiagArg> Args);
llvm::StringRef severityName(Severity S);

struct DiagNote {
  DiagID ID;
  llvm::SMRange Range; ///< May be invalid: a note without a location.
  std::string Message;
};

/// A replacement of source text that would fix a diagnostic (clang's
/// fix-it): a did-you-mean's suggestion in place of the typo.
struct FixIt {
  llvm::SMRange Range;
  std::string Text;
};

/// The CUDA source line a finding comes from, as nvcc's .loc lines name it,
/// for printers that link to it (SARIF, JSON) as well as say it (a note).
struct CudaSourceLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Function; ///< Demangled; the inlined function when inlined.
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
  std::vector<DiagArg> Args;
  std::vector<FixIt> FixIts;
  std::optional<CudaSourceLocation> CudaSource;

  /// A diagnostic at its catalogue severity, its message formatted from the
  /// catalogue.  File names the input when R is invalid.
  static Diagnostic make(DiagID ID, llvm::SMRange R,
                         llvm::ArrayRef<DiagArg> Args = {},
                         std::string File = {});

  unsigned code() const { return getDiagInfo(ID).Code; }
  Diagnostic &note(DiagID NoteID, llvm::SMRange R,
                   llvm::ArrayRef<DiagArg> Args = {});
  /// Suggests Replacement for R: a "did you mean" note and a fix-it.
  Diagnostic &suggest(llvm::SMRange R, llvm::StringRef Replacement);
};

/// Receives finished diagnostics in source order.  Implementations: text,
/// JSON and SARIF printers, and the expected-diagnostic verifier.
class DiagnosticConsumer {
public:
  virtual ~DiagnosticConsumer();
  /// SM is null for diagnostics about inputs that could not be loaded.
  virtual void handleDiagnostic(const llvm::SourceMgr *SM,
                                const Diagnostic &D) = 0;
  /// Called before each batch of diagnostics: one emitAll, or one emit.  A
  /// consumer that finds lines from where the last diagnostic was forgets
  /// that place here: the next batch's buffer may sit where a freed one
  /// did, with other text.  Lines, when not null, are known line starts of
  /// the batch's buffer, to count lines from.
  virtual void beginBatch(const LineIndex *Lines) { (void)Lines; }
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
                     llvm::ArrayRef<DiagArg> Args = {});
  Diagnostic &report(DiagID ID, llvm::SMLoc L,
                     llvm::ArrayRef<DiagArg> Args = {}) {
    return report(ID, llvm::SMRange(L, L), Args);
  }

  unsigned numErrors() const { return NumErrors; }
  /// The cap given at construction; 0 for none.
  unsigned errorCap() const { return ErrorCap; }
  /// True once the cap is reached: producers should stop early.
  bool shouldStop() const { return ErrorCap && NumErrors >= ErrorCap; }

  std::vector<Diagnostic> &diagnostics() { return Diags; }
  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// Appends Other's diagnostics.
  void append(DiagnosticSink &&Other);
  /// Orders diagnostics by caret position (stable for equal positions).
  void sortBySource();
  /// Merges Other's diagnostics into these by caret position (both in
  /// that order), then keeps as many as the cap lets through: what one sink
  /// would hold had all been reported to it in order.
  void mergeBySource(DiagnosticSink &&Other);

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
  /// -W<group>: turns on a group that is off by default.
  std::vector<std::string> EnabledGroups;
};

/// Applies one warning flag of the command line to Opts: -W<group>,
/// -Wno-<group>, -Werror=<group>, -Wno-error=<group>.  Returns false for
/// anything else (-Werror and -w are the caller's); a group no diagnostic
/// has goes to Unknown, to be warned about (TC0108).
bool applyWarningGroupFlag(llvm::StringRef Flag, DiagnosticOptions &Opts,
                           std::vector<std::string> &Unknown);

/// Delivers diagnostics to a consumer, applying DiagnosticOptions and the
/// error limit, and counts what was delivered.
class DiagnosticsEngine {
public:
  DiagnosticsEngine(DiagnosticConsumer &Consumer, DiagnosticOptions Opts)
      : Consumer(Consumer), Opts(Opts) {}

  /// Returns false once the error limit has been reached.
  bool emit(const llvm::SourceMgr *SM, Diagnostic D);
  /// The error limit counts per input: the next input starts afresh.  Call
  /// before each input.
  void beginInput();
  /// Whether -Wno-<Group> (or -Wno- of a group above it) silences Group, so
  /// that an analysis that only feeds it can be skipped.
  bool groupDisabled(llvm::StringRef Group) const;
  /// Lines: known line starts of the diagnostics' buffer, or null.
  void emitAll(const llvm::SourceMgr *SM, std::vector<Diagnostic> &Diags,
               const LineIndex *Lines = nullptr);

  unsigned numErrors() const { return NumErrors; }
  unsigned numWarnings() const { return NumWarnings; }
  /// Findings an input's ignore comments, and the baseline, left out: the
  /// summary says how many, so that silence is not mistaken for a clean
  /// check.
  void countHidden(unsigned ByComments, unsigned ByBaseline) {
    HiddenByComments += ByComments;
    HiddenByBaseline += ByBaseline;
  }
  unsigned numHiddenByComments() const { return HiddenByComments; }
  unsigned numHiddenByBaseline() const { return HiddenByBaseline; }
  bool limitReached() const { return LimitReached; }
  const DiagnosticOptions &options() const { return Opts; }
  DiagnosticConsumer &consumer() { return Consumer; }

private:
  bool emitInBatch(const llvm::SourceMgr *SM, Diagnostic D);

  DiagnosticConsumer &Consumer;
  DiagnosticOptions Opts;
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  unsigned InputErrors = 0; ///< Errors of the current input.
  unsigned HiddenByComments = 0;
  unsigned HiddenByBaseline = 0;
  bool LimitReached = false;
};

/// "3 errors and 1 warning generated.", as clang ends its text output, and
/// what ignore comments and a baseline hid ("; 2 findings hidden by ignore
/// comments and 1 by the baseline."); empty when there was none of these.
std::string diagnosticSummary(unsigned Errors, unsigned Warnings,
                              unsigned HiddenByComments = 0,
                              unsigned HiddenByBaseline = 0);

} // namespace tcgen05

#endif
