//===- Tcgen05ErrorStrategy.h - First syntax error only ---------*- C++ -*-===//
//
// Records the first syntax error of a statement and abandons the parse: a
// statement gets one diagnostic, so recovering would be wasted work.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SYNTAX_TCGEN05ERRORSTRATEGY_H
#define TCGEN05_LIB_SYNTAX_TCGEN05ERRORSTRATEGY_H

#include "antlr4-runtime.h"

namespace tcgen05 {
namespace syntax {

struct FirstSyntaxError {
  bool Valid = false;
  /// The token that could not be matched (possibly EOF).
  antlr4::Token *Offending = nullptr;
  /// The innermost rule being parsed when the error happened.
  antlr4::ParserRuleContext *Context = nullptr;
  /// Tokens that would have been accepted instead.
  antlr4::misc::IntervalSet Expected;
};

class FirstErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  const FirstSyntaxError &error() const { return First; }
  void clear() { First = FirstSyntaxError(); }

  void reportError(antlr4::Parser *P,
                   const antlr4::RecognitionException &E) override;
  void recover(antlr4::Parser *P, std::exception_ptr E) override;
  antlr4::Token *recoverInline(antlr4::Parser *P) override;
  /// No resynchronisation inside loops: the error surfaces where the next
  /// element fails to match, which names the operand that was expected.
  void sync(antlr4::Parser *P) override {}

private:
  FirstSyntaxError First;
};

} // namespace syntax
} // namespace tcgen05

#endif
