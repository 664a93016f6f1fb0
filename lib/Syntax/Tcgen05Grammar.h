//===- Tcgen05Grammar.h - Facts about the tcgen05 grammar -------*- C++ -*-===//
//
// Private to lib/Syntax: the only header that includes the generated parser.
// Tables map its rules and tokens onto the AST's roles and classes.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SYNTAX_TCGEN05GRAMMAR_H
#define TCGEN05_LIB_SYNTAX_TCGEN05GRAMMAR_H

#include "Tcgen05Lexer.h"
#include "Tcgen05Parser.h"

#include "tcgen05/AST/Tcgen05Inst.h"

#include <mutex>
#include <optional>
#include <string>

namespace tcgen05 {
namespace syntax {

using G = tcgen05grammar::Tcgen05Parser;

/// A parser rule that parses one operand (or a choice between operands).
struct OperandRule {
  size_t Rule;
  /// Empty for a choice and for the stray redval.
  std::optional<Tcgen05OperandRole> Role;
  /// A choice between operands (aOperand, mmaTail), not an operand itself.
  bool Choice;
  /// As the manual writes it: "[taddr]", "b-desc", "{ disable-output-lane }".
  const char *Name;
  /// What was expected, for "expected %s, found ...".
  const char *Expected;
};

/// Null when Rule parses no operand.
const OperandRule *findOperandRule(size_t Rule);

/// Instruction-name words (.mma, .ld, .red, .ws, .wait::ld, ...), not '.sp'.
bool isNameWord(size_t TokenType);

/// Any dotted word, name or qualifier.
bool isDottedWord(size_t TokenType);

/// What the statement's leading words spell, from its tokens.  Empty when
/// the word after 'tcgen05' names no instruction.
struct SpelledInstruction {
  std::optional<Tcgen05Form> Form;
  /// The name word spelled only the instruction ('.wait', '.fence::x'):
  /// Form is the first of its forms, and any of them may have been meant.
  bool WholeInstruction = false;
  /// "tcgen05.mma.ws.sp", "tcgen05.wait::ld", "tcgen05".
  std::string Name;
};
SpelledInstruction spelledInstruction(antlr4::TokenStream &Tokens);

/// "tcgen05.alloc, tcgen05.dealloc, ..." for the unknown-instruction note.
std::string instructionList();

/// Held while the generated lexer and parser run.  Their DFA and
/// prediction-context caches are static members shared by every instance,
/// and the runtime updates them (and static counters) without
/// synchronization, so runs on different threads must not overlap.  Each
/// Tcgen05SyntaxParser remembers parsed shapes, so the lock is rarely taken.
std::mutex &generatedParserLock();

} // namespace syntax
} // namespace tcgen05

#endif
