//===- ParserBase.h - Shared statement-level parsing -----------*- C++ -*-===//
//
// Token handling, error recovery, operands and declarations: what the module
// parser and the body parser have in common.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_PARSE_PARSERBASE_H
#define TCGEN05_LIB_PARSE_PARSERBASE_H

#include "tcgen05/Parse/Lexer.h"

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"

#include "llvm/ADT/SmallVector.h"

namespace tcgen05 {

class ParserBase {
public:
  ParserBase(const char *Begin, const char *End, NodePool &Pool,
             DiagnosticSink &Sink, const ParseOptions &Opts,
             TextFeed *Feed = nullptr)
      : Lex(Begin, End, Sink, Feed), Pool(Pool), Sink(Sink), Opts(Opts) {
    Tok = Lex.lex();
    PrevEnd = Tok.Ptr;
  }

protected:
  // Tokens.
  void consume() {
    PrevEnd = Tok.end();
    Tok = Lex.lex();
  }
  bool tryConsume(enum Tok K) {
    if (!Tok.is(K))
      return false;
    consume();
    return true;
  }
  /// Reports "expected What, found <token>" at the current token.
  Diagnostic &expected(const char *What);
  bool expect(enum Tok K, const char *What) {
    if (tryConsume(K))
      return true;
    expected(What);
    return false;
  }
  /// Ends a statement: consumes ';' or reports it missing.  A missing ';'
  /// before a token on a new line is reported after the previous token and
  /// parsing resumes at that token, so one missing ';' is one error.
  /// After names what the ';' ends, quoted in the message when Quote.
  bool expectSemi(llvm::StringRef After, bool Quote = false);
  /// Skips the rest of a broken statement.
  void recover();
  /// Skips past the '}' matching an already-consumed '{'.
  void skipBalancedBraces();
  /// Lexes the labels and data lines of a .section block up to its '}' or
  /// the end of input (not consumed); a nested '{' is an error.
  void lexSectionContents();
  /// What a section holds, for "expected ..." at anything else.
  static constexpr const char *SectionItem = "a label or a data directive";

  // Operands.
  /// Parses one operand (expression, address, vector, list) and appends it
  /// to Out.  Returns false after reporting an error.
  bool parseOperand(llvm::SmallVectorImpl<Operand> &Out);
  /// Parses comma-separated operands until ';' (not consumed); appends them
  /// as a contiguous block to the pool.
  bool parseOperandList(IndexRange &R);
  /// Parses a directive whose operands are a list: its name (the current
  /// token) and operands up to ';' (not consumed).  Recovers on failure.
  bool parseListDirective(DirectiveStmt &D);
  /// At an integer token inside '{...}': appends the plain decimal literals
  /// of a run like `202, 29, 180` as operands (in an initializer, as one
  /// DecimalRun), the lexer bypassed, and stops after the last one, before
  /// its ','.  Anything else (another radix, a suffix, an expression, a
  /// comment, a line break) is left to the general path.  Returns whether
  /// it took any.
  bool parseDecimalRun(llvm::SmallVectorImpl<Operand> &Out);
  /// Stores Ops contiguously in the pool.
  IndexRange commit(llvm::ArrayRef<Operand> Ops);

  // Declarations.
  /// Parses a variable declaration whose state-space word is the current
  /// token.  In a parameter list InList is true: no initializers, ends
  /// before ',' or ')'.
  bool parseDeclaration(Declaration &D, bool InList);

  /// Parses .file or .loc (the current token).
  bool parseDebugDirective(DirectiveStmt &D);
  /// The integer literal Tok is, as an operand (Tok is not consumed).
  Operand integerLiteral() const;

  /// Parses '(' declarations ')' at the current '('; the declarations go to
  /// the pool and, when Out is given, their indices to Out.
  bool parseParamList(std::vector<uint32_t> *Out);

  bool isStateSpace(llvm::StringRef W) const;
  bool isLinkage(llvm::StringRef W) const;

  Lexer Lex;
  Token Tok;
  /// The end of the last token consumed: all the parser needs of it.  (A
  /// copy of the whole token per consume() read back, as one 16-byte load,
  /// a token the lexer had just stored in parts, and stalled.)
  const char *PrevEnd = nullptr;
  NodePool &Pool;
  DiagnosticSink &Sink;
  const ParseOptions &Opts;
  unsigned ExprDepth = 0;
  /// Syntax parsed that no node shows: a unary '+', the parentheses of a
  /// grouping.  The tcgen05 grammar sees it, so a statement holding some is
  /// not taken for the shape of one without.
  unsigned HiddenSyntax = 0;
  /// Operator, list and call nodes made: only an operand holding one can be
  /// an expression ptxas does not parse (checkOperandExpression).
  unsigned ExpressionNodes = 0;
  /// '{' of vector operands opened and not yet closed: recovery from an
  /// error inside a vector must skip their '}' too, not take one for the
  /// end of a scope.
  unsigned OpenVectorBraces = 0;
  /// Parsing a declaration's initializer: runs of decimals are one node.
  bool InInitializer = false;
  /// Elements of the brackets being parsed, innermost last.  One buffer for
  /// all of them: an initializer of 100,000 bytes would otherwise regrow a
  /// fresh vector through every size.
  llvm::SmallVector<Operand, 0> Scratch;

private:
  /// An expression at the lowest precedence: parseBinary(Out, 1).
  bool parseExpression(llvm::SmallVectorImpl<Operand> &Out);
  bool parseBinary(llvm::SmallVectorImpl<Operand> &Out, unsigned MinPrec);
  /// Callee(args): generic(sym), 0xFF00(sym).  The '(' is next.
  bool parseCall(const Operand &Callee, llvm::SmallVectorImpl<Operand> &Out);
  /// The operators after a left operand that is already in Out.
  bool parseBinaryRest(llvm::SmallVectorImpl<Operand> &Out, unsigned MinPrec);
  bool parseUnary(llvm::SmallVectorImpl<Operand> &Out);
  bool parsePrimary(llvm::SmallVectorImpl<Operand> &Out);
  bool parseBracketed(llvm::SmallVectorImpl<Operand> &Out, OperandKind K,
                      enum Tok Close, const char *CloseText);
  bool parseDeclarator(Declarator &D, bool InList);
  bool checkAddress(const Operand &A);
  /// Registers, variables and calls in O's tree.
  unsigned countNames(const Operand &O) const;
  /// O is a register or variable, '+' and a constant expression.
  bool isNamePlusConstant(const Operand &O) const;
  /// checkOperandExpression for a declaration's initializer and its
  /// elements.
  bool checkInitializer(const Operand &O);

protected:
  /// Reports an instruction operand that names a register or variable in
  /// an expression ptxas does not parse: `(%r1)`, `1+%r1`, `%r1-1`,
  /// `%r1*2`.  The d|p pairs of setp and shfl are names alone.
  bool checkOperandExpression(const Operand &O);
};

/// Finds the '}' matching the '{' at Open, skipping comments, strings and
/// '#' line markers as the lexer does.  Returns the position after it, or
/// End if there is none.
const char *findMatchingBrace(const char *Open, const char *End);
/// The same in the text of Lex, asking its feed for more until the brace
/// is found or the text ends; the end of the text then.
const char *findMatchingBrace(const char *Open, Lexer &Lex);

/// The first ';', '{', '}', '/', '"' or '#' in [P, End), or End: where a
/// signature with no comment, string or body ends.
const char *findSignatureEnd(const char *P, const char *End);

/// Parses an integer literal's text (any PTX radix).  Returns false on
/// overflow.
bool parseIntegerLiteral(llvm::StringRef Text, uint64_t &Value);

} // namespace tcgen05

#endif
