//===- TokenPrinter.cpp - Canonical spacing for token runs ----------------===//

#include "TokenPrinter.h"

#include "tcgen05/Parse/Lexer.h"

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

bool isOperator(Tok K) {
  switch (K) {
  case Tok::Plus:
  case Tok::Minus:
  case Tok::Star:
  case Tok::Slash:
  case Tok::Percent:
  case Tok::Amp:
  case Tok::Pipe:
  case Tok::Caret:
  case Tok::Tilde:
  case Tok::Bang:
  case Tok::Shl:
  case Tok::Shr:
  case Tok::Less:
  case Tok::Greater:
  case Tok::At:
    return true;
  default:
    return false;
  }
}

/// Whether a blank goes between Prev and Cur.
bool needsBlank(const Token &Prev, const Token &Cur) {
  bool Adjacent = Prev.end() == Cur.Ptr;
  switch (Cur.Kind) {
  case Tok::Comma:
  case Tok::Semi:
  case Tok::Colon:
  case Tok::RParen:
  case Tok::RBracket:
    return false;
  default:
    break;
  }
  switch (Prev.Kind) {
  case Tok::LParen:
  case Tok::LBracket:
    return false;
  case Tok::Comma:
  case Tok::Colon:
    return true;
  default:
    break;
  }
  if (Prev.is(Tok::Equal) || Cur.is(Tok::Equal))
    return true;
  // %tid.x and generic(sym) mean what they mean only without a blank.
  if (Adjacent && Cur.is(Tok::DotWord) &&
      (Prev.is(Tok::Identifier) || Prev.is(Tok::RParen)))
    return false;
  if (Adjacent && Cur.is(Tok::LParen) &&
      (Prev.is(Tok::Identifier) || Prev.is(Tok::Integer)))
    return false;
  if (Cur.is(Tok::LParen) && Prev.is(Tok::DotWord) &&
      Prev.text() == ".attribute")
    return false;
  if (isOperator(Prev.Kind) || isOperator(Cur.Kind))
    return false;
  return true;
}

template <typename Fn> void forEachToken(Span Src, Fn F) {
  DiagnosticSink Discard;
  Lexer Lex(Src.Begin, Src.End, Discard);
  for (Token T = Lex.lex(); !T.is(Tok::Eof) && T.Ptr < Src.End; T = Lex.lex())
    F(T);
}

} // namespace

void tcgen05::printTokens(Span Src, llvm::raw_ostream &OS) {
  Token Prev;
  bool First = true;
  forEachToken(Src, [&](const Token &T) {
    if (!First && needsBlank(Prev, T))
      OS << ' ';
    OS << T.text();
    Prev = T;
    First = false;
  });
}

llvm::StringRef tcgen05::leafToken(Span Src) {
  if (Src.empty() || *Src.Begin != '(')
    return Src.text();
  llvm::StringRef Leaf;
  forEachToken(Src, [&](const Token &T) {
    if (Leaf.empty() && !T.is(Tok::LParen) && !T.is(Tok::Plus))
      Leaf = T.text();
  });
  return Leaf;
}

void tcgen05::printTokenLines(Span Src, llvm::StringRef Indent,
                              llvm::raw_ostream &OS) {
  Token Prev;
  bool First = true;
  forEachToken(Src, [&](const Token &T) {
    if (First || T.StartsLine) {
      if (!First)
        OS << '\n';
      OS << Indent;
    } else if (needsBlank(Prev, T)) {
      OS << ' ';
    }
    OS << T.text();
    Prev = T;
    First = false;
  });
  if (!First)
    OS << '\n';
}
