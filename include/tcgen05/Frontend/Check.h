//===- Check.h - Check PTX inputs: the library's entry point -----*- C++
//-*-===//
//
// Everything the command-line tool does, as a library call: load an input,
// parse it, run the checks, deliver diagnostics in source order.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_CHECK_H
#define TCGEN05_FRONTEND_CHECK_H

#include "tcgen05/Analysis/AnalysisStats.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/Target.h"
#include "tcgen05/Frontend/ReadInput.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Lint/FunctionLints.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class MemoryBuffer;
class ThreadPoolInterface;
} // namespace llvm

namespace tcgen05 {

class Baseline;
class Tcgen05ShapeCache;

struct CheckOptions {
  /// Check as if `.target` named this (e.g. "sm_100a"); empty: use .target.
  std::string Target;
  /// Threads that check function bodies; 0 picks the hardware's count.
  /// Ignored when Pool is given.
  unsigned Threads = 1;
  /// The caller's threads, shared by every parallel stage of the calls it
  /// is passed to (checking, printing); null: a pool of Threads threads is
  /// made for the call.
  llvm::ThreadPoolInterface *Pool = nullptr;
  /// The tcgen05 statement shapes parsed already, shared by every call it
  /// is passed to (many files: each shape is parsed once); null: a cache
  /// for the call, shared by its threads.
  Tcgen05ShapeCache *ShapeCache = nullptr;
  /// Check the one-.cta_group rule per function, as ptxas -c does for
  /// separately compiled code, instead of per kernel call graph.
  bool SeparateCompilation = false;
  /// The descriptor and hazard lints (FunctionLints.h).
  LintOptions Lint;
  /// Run the descriptor analysis and the hazard lints on a function whose
  /// body has a syntax error too.  Off: such a body is not the program its
  /// author meant, and a misspelt instruction would show as a missing one.
  /// The fuzzers turn it on, so that the analyses still meet broken input.
  bool AnalyzeInvalidFunctions = false;
  /// Report a .target without tcgen05 once, at the .target (TC3126), not
  /// at each tcgen05 instruction.  Off where the caller chose the target
  /// (emission with --target writes it into the text it checks).
  bool FoldUnsupportedTarget = true;
  /// A body of more statements than this, in which no tcgen05 instruction
  /// is written, is parsed and checked a piece of this many statements at
  /// a time (--body-piece), so that its AST is never alive all at once:
  /// the analyses, which need a whole body, look only at bodies with
  /// tcgen05 instructions.  0: every body whole.
  size_t BodyPieceStatements = DefaultBodyPieceStatements;
  /// A body or deferred .section at least this large goes to a worker as
  /// soon as the module pass meets it, so that it is parsed and analysed
  /// while the rest is scanned; the others go largest first once the pass
  /// has ended.  0: every one.
  size_t EarlyItemBytes = 0;
  /// With more than one thread, the module pass skips the function
  /// declarations and parses them once it has met the rest, so that the
  /// bodies after them start sooner (ParseOptions::DeferDeclarations).  A
  /// module whose deferred declarations report anything is checked again
  /// in order, so that what is reported does not depend on it.
  bool DeferDeclarations = true;
  /// checkFile reads a regular file at least this large while it checks
  /// it, this many bytes at a time (StreamedInput), so that bodies are
  /// checked while the rest is read; a smaller one, or with 0 every one,
  /// is read whole first.
  uint64_t StreamFromBytes = uint64_t(4) << 20;
  size_t StreamChunkBytes = size_t(1) << 20;
  ParseOptions Parse;
  /// False: the memory a check holds at its end (the module, the bodies'
  /// storage) is not given back but left to the process's exit, which
  /// takes it back at once (as clang's -disable-free does).  Only for the
  /// last check of a process that exits after it: the memory stays taken.
  bool FreeMemory = true;
  /// Findings to leave out, by fingerprint (--baseline); none if null.
  const Baseline *KnownFindings = nullptr;
  /// Where to add every finding's fingerprint (--write-baseline), before
  /// KnownFindings leaves any out; nowhere if null.
  Baseline *RecordFindings = nullptr;
  /// The name diagnostics give standard input ('-'); "<stdin>" if empty.
  std::string StdinName;
  /// Inputs larger than this many bytes are refused (TC0006, TC0009);
  /// standard input larger than the smaller of the two.
  uint64_t MaxInputSize = DefaultMaxInputSize;
  uint64_t MaxStdinSize = DefaultMaxStdinSize;
  /// checkFile gives the memory of each .section's contents back to the
  /// system once they are checked (a -G module's DWARF data is most of its
  /// text), and reads them from the file again before it shows a
  /// diagnostic (TC0012 if the file changed meanwhile).  After a check
  /// that reports nothing they stay given back: the buffer it leaves in the
  /// SourceMgr reads as zero bytes there.  For a caller that does not read
  /// the buffer after a clean check.
  bool GiveBackSections = false;
};

enum class CheckStatus {
  Clean,   ///< No errors.
  Errors,  ///< Errors were reported.
  IOError, ///< The input could not be read (reported as a diagnostic).
  Usage,   ///< The request itself is malformed (reported as a diagnostic).
};

/// Checks every input named by Path ("-" for standard input), adding it to
/// SM.  Diagnostics go to Engine; counts are added to Stats when given.
CheckStatus checkFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                      DiagnosticsEngine &Engine, const CheckOptions &Opts,
                      AnalysisStats *Stats = nullptr);

/// The size limit of input Path under Opts.
inline uint64_t inputLimit(llvm::StringRef Path, const CheckOptions &Opts) {
  return Path == "-" ? std::min(Opts.MaxInputSize, Opts.MaxStdinSize)
                     : Opts.MaxInputSize;
}

/// Reads Path ("-" for standard input) into a new buffer of SM; reports
/// and returns IOError if it cannot, or if it holds more than MaxSize bytes.
/// StdinName, when not empty, names standard input.
CheckStatus loadFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                     DiagnosticsEngine &Engine, unsigned &BufferID,
                     uint64_t MaxSize = DefaultMaxInputSize,
                     llvm::StringRef StdinName = {});

/// Checks a buffer already added to SM.
CheckStatus checkBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                        DiagnosticsEngine &Engine, const CheckOptions &Opts,
                        AnalysisStats *Stats = nullptr);

} // namespace tcgen05

#endif
