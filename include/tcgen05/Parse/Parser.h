//===- Parser.h - PTX module parser ------------------------------*- C++
//-*-===//
//
// A hand-written, zero-copy parser for whole PTX modules.  parseModule splits
// the module into its top-level items and signatures; parseFunctionBody
// parses one body into the function's pools.  Bodies are independent, so
// callers may parse them in any order and on any thread.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_PARSE_PARSER_H
#define TCGEN05_PARSE_PARSER_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Parse/TextFeed.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace tcgen05 {

class DiagnosticSink;
class Tcgen05SyntaxParser;

struct ParseOptions {
  /// Deepest nesting of '{' scopes accepted before reporting an error.
  unsigned MaxScopeDepth = 256;
  /// parseModule leaves the contents of a .section block whose closing
  /// brace it finds before the end of input to the caller
  /// (Module::SectionContents), who checks them with checkSectionContents,
  /// on another thread if it likes: the DWARF sections of a -G module are
  /// most of its text.  Any other block is checked in place.
  bool DeferSectionContents = false;
  /// parseFunctionBody grows a node pool's room of a quarter of a huge page
  /// up to one to a whole huge page, advised whole, instead of advising only
  /// the first half of a room.
  /// It trades up to a huge page of memory per pool for the 4 KiB faults
  /// of the pool's first fill: a good part of a small kernel's check, but
  /// only once per body storage, so little of a file of many kernels.
  /// checkFile and checkBuffer set it themselves, for inputs up to 2 MiB, as
  /// they set DeferSectionContents; it is for callers of parseFunctionBody.
  bool WholeHugePages = false;
  /// parseModule skips a .func declaration (no body) with a scan for its
  /// ';' and parses it after the rest of the module, so that the bodies
  /// that follow a module's many declarations (a -G build's) reach the
  /// caller sooner.  When any of those late parses reports something, the
  /// pass's order would have mattered, and parseModule returns false.
  bool DeferDeclarations = false;
};

/// What the module pass leaves to its caller, handed over as the pass meets
/// it so that work on it can start before the pass ends: a function with a
/// body (F, which stays where it is: Module::Functions is a deque), or
/// deferred .section contents (F null).  Text is the body, braces included,
/// or the contents.  Nothing else of the module is complete yet.
using DeferredFound = llvm::function_ref<void(Function *F, Span Text)>;

/// Parses the top level of Text (the whole buffer, which must end in a NUL
/// as llvm::MemoryBuffer guarantees).  Function bodies are located but not
/// parsed: Function::Body spans them.  With a Feed, Text is read while it
/// is parsed: the pass reads no further than the feed says is there, and a
/// body or .section handed to Found is there whole.  False only when
/// ParseOptions::DeferDeclarations was set and the module should be parsed
/// again without it: M and Sink then hold what a parse out of order gives.
bool parseModule(llvm::StringRef Text, Module &M, DiagnosticSink &Sink,
                 const ParseOptions &Opts = {}, DeferredFound Found = {},
                 TextFeed *Feed = nullptr);

/// Checks the contents of a .section block (between its braces), as
/// parseModule does when it does not defer them: lexically only, with
/// nested braces an error.
void checkSectionContents(Span Contents, DiagnosticSink &Sink);

/// The piece size the checker and the printer use: large enough that a
/// piece's overhead is lost in its work, small enough that its pools stay
/// a few MB.
constexpr size_t DefaultBodyPieceStatements = size_t(1) << 16;

/// Hands a long body to its consumer a piece at a time, so that a body's
/// AST need not be alive all at once.  Whenever F's pools hold Statements
/// statements or more, between two statements, the parser calls Consume.
/// A consumer that takes the piece checks it and empties F's body
/// (Function::clearBody): the parse goes on into the emptied pools, so
/// indices restart at zero in each piece.  One that returns false has left
/// the pools alone and is not asked again: the body is then parsed whole.
struct BodySegments {
  size_t Statements = 0; ///< 0: the body is parsed whole.
  llvm::function_ref<bool()> Consume;
};

/// Parses F.Body into F's pools.  When Tcgen05 is given, every tcgen05
/// instruction is also parsed into its structured form.
void parseFunctionBody(Function &F, DiagnosticSink &Sink,
                       Tcgen05SyntaxParser *Tcgen05,
                       const ParseOptions &Opts = {},
                       BodySegments Segments = {});

/// F's body, parsed into Scratch's storage for the lifetime of this object
/// and freed after (Scratch keeps its capacity).  Walking many functions
/// through one Scratch and one Tcgen05 parser spares an allocation per
/// function and the tcgen05 parser's set-up.
class ParsedBody {
public:
  ParsedBody(Function &F, Function &Scratch, DiagnosticSink &Sink,
             Tcgen05SyntaxParser *Tcgen05, const ParseOptions &Opts = {},
             BodySegments Segments = {})
      : F(F), Scratch(Scratch) {
    F.swapBody(Scratch);
    parseFunctionBody(F, Sink, Tcgen05, Opts, Segments);
  }
  ~ParsedBody() {
    F.swapBody(Scratch);
    Scratch.clearBody();
  }
  ParsedBody(const ParsedBody &) = delete;
  ParsedBody &operator=(const ParsedBody &) = delete;

private:
  Function &F;
  Function &Scratch;
};

} // namespace tcgen05

#endif
