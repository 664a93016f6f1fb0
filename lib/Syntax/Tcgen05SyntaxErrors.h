//===- Tcgen05SyntaxErrors.h - Messages for syntax errors -------*- C++ -*-===//
//
// Turns the parser's first error (a token, the rule being parsed and the
// tokens it expected) into the catalogue entry of the syntax rule it breaks,
// with arguments that name the operand or word that was expected, in the
// manual's terms.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SYNTAX_TCGEN05SYNTAXERRORS_H
#define TCGEN05_LIB_SYNTAX_TCGEN05SYNTAXERRORS_H

#include "Tcgen05ErrorStrategy.h"
#include "Tcgen05Grammar.h"

#include "tcgen05/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace tcgen05 {
namespace syntax {

/// Offsets are into the statement text the parser ran on.  Args are the
/// arguments of ID after the first, which names the instruction.
struct SyntaxProblem {
  size_t Begin = 0, End = 0;
  DiagID ID = DiagID::err_tcgen05_syntax;
  std::vector<DiagArg> Args;
  /// The unclosed '[' or '{' the error is inside of.
  std::optional<size_t> OpenBracket;
  char Bracket = 0;
};

SyntaxProblem describeSyntaxError(const FirstSyntaxError &E,
                                  antlr4::TokenStream &Tokens,
                                  const SpelledInstruction &Inst);

/// Reports P over the statement at Base, with the note for an unclosed
/// bracket and the form notes.
void reportSyntaxProblem(const SyntaxProblem &P, const char *Base,
                         const SpelledInstruction &Spelled,
                         DiagnosticSink &Sink);

/// Adds the notes every tcgen05 syntax error carries: the valid forms of
/// the instruction and the manual's section.
void addFormNotes(Diagnostic &D, const SpelledInstruction &Spelled);

/// "'%r1'", "';'" or "the end of the statement".
std::string describeToken(antlr4::Token *T);

} // namespace syntax
} // namespace tcgen05

#endif
