//===- DiagnosticPrinters.h - Text, JSON, SARIF, GitHub output --*- C++ -*-===//
#ifndef TCGEN05_FRONTEND_DIAGNOSTICPRINTERS_H
#define TCGEN05_FRONTEND_DIAGNOSTICPRINTERS_H

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/LineIndex.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <utility>

namespace llvm {
class raw_ostream;
namespace json {
class Value;
}
} // namespace llvm

namespace tcgen05 {

/// clang-style: file:line:col: error: message [TCnnnn], the line, a caret
/// with a range, then notes.
std::unique_ptr<DiagnosticConsumer>
createTextDiagnosticPrinter(llvm::raw_ostream &OS, bool Colors);

/// One JSON document, written by finish(): {"diagnostics": [...]}, and
/// "result": *Result when Result is given and not null by then (what a
/// call produced besides diagnostics, such as decoded descriptor fields).
std::unique_ptr<DiagnosticConsumer>
createJSONDiagnosticPrinter(llvm::raw_ostream &OS,
                            const llvm::json::Value *Result = nullptr);

/// A SARIF 2.1.0 log with one run, written by finish().  Every catalogue
/// entry is listed as a rule, with its documentation page as help; rules
/// link to HelpBase + "TCnnnn.md" when HelpBase is given.
std::unique_ptr<DiagnosticConsumer>
createSarifDiagnosticPrinter(llvm::raw_ostream &OS, llvm::StringRef ToolVersion,
                             llvm::StringRef HelpBase = {});

/// GitHub Actions workflow commands, one line per diagnostic
/// (::error file=F,line=L,col=C,endColumn=E,title=TCnnnn::message, notes
/// joined to the message): annotations on the pull request's lines.
std::unique_ptr<DiagnosticConsumer>
createGitHubDiagnosticPrinter(llvm::raw_ostream &OS);

/// Where a diagnostic points: 1-based line and column of the range's start
/// and end, and the buffer's name.  False when it has no location.
struct ResolvedLocation {
  std::string File;
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
};

/// Finds lines and columns for a stream of diagnostics.  Diagnostics arrive
/// in source order, so the search for one location starts where the last
/// one ended: N diagnostics on one long line cost that line's length once,
/// not N times (SourceMgr's column search runs back to the line start every
/// time).  A location before the last one is searched for from scratch.
class LocationResolver {
public:
  /// Lines, when given, are the known line starts of one buffer: a place in
  /// it is counted from the nearest one before it.
  explicit LocationResolver(const LineIndex *Lines = nullptr) : Lines(Lines) {}

  /// False when R has no location in SM.
  bool resolve(const llvm::SourceMgr *SM, llvm::SMRange R,
               ResolvedLocation &Out);

  /// The line around P in [BufStart, BufEnd): lines end at '\n' or '\r'.
  const char *lineStart(const char *BufStart, const char *P);
  const char *lineEnd(const char *P, const char *BufEnd);
  /// 1-based line and column of L in buffer ID.
  std::pair<unsigned, unsigned> lineAndColumn(const llvm::SourceMgr &SM,
                                              unsigned ID, llvm::SMLoc L);

private:
  /// Moves the cursor to P; false if P is too far before it to count back.
  bool advance(const char *BufStart, const char *P);
  /// Keeps the cursor's place before it goes back.
  void keepAhead();
  /// Moves the cursor forward to the last known line start at or before P
  /// and after From, if there is one.
  void jumpTowards(const char *BufStart, const char *From, const char *P);

  const LineIndex *Lines;

  /// The cursor: a position, its buffer, its line and that line's bounds
  /// (LastLineEnd is null until found).
  const char *LastBuf = nullptr, *LastPos = nullptr;
  const char *LastLineStart = nullptr, *LastLineEnd = nullptr;
  unsigned LastLine = 0;
  /// The furthest place the cursor reached before it went back to a note:
  /// the next diagnostic counts on from there, so that notes far behind
  /// their diagnostics do not make every diagnostic count the distance
  /// again.
  struct Place {
    const char *Pos = nullptr;
    unsigned Line = 0;
    const char *LineStart = nullptr;
  } Ahead;
  /// Places gone back to, with their line and its start, at most MaxBack.
  static constexpr size_t MaxBack = 256;
  llvm::DenseMap<const char *, std::pair<unsigned, const char *>> Back;
};

} // namespace tcgen05

#endif
