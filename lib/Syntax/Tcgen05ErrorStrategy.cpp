//===- Tcgen05ErrorStrategy.cpp - First syntax error of a statement -------===//

#include "Tcgen05ErrorStrategy.h"

using namespace tcgen05::syntax;

void FirstErrorStrategy::reportError(antlr4::Parser *P,
                                     const antlr4::RecognitionException &E) {
  if (First.Valid)
    return;
  First.Valid = true;
  First.Offending =
      E.getOffendingToken() ? E.getOffendingToken() : P->getCurrentToken();
  First.Context = dynamic_cast<antlr4::ParserRuleContext *>(E.getCtx());
  if (!First.Context)
    First.Context = P->getContext();
  First.Expected = E.getExpectedTokens();
}

void FirstErrorStrategy::recover(antlr4::Parser *, std::exception_ptr) {
  throw antlr4::ParseCancellationException();
}

antlr4::Token *FirstErrorStrategy::recoverInline(antlr4::Parser *P) {
  antlr4::InputMismatchException E(P);
  reportError(P, E);
  throw antlr4::ParseCancellationException();
}
