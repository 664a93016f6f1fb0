//===- ParserBase.cpp - Operands, declarations, recovery ------------------===//

#include "ParserBase.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <cstring>
#include <initializer_list>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

using namespace tcgen05;

namespace {
/// Nesting of parentheses, brackets and braces within one operand.  Deeper
/// input is reported instead of recursed into, so no input can exhaust the
/// stack.
constexpr unsigned MaxOperandDepth = 128;

char binaryOpChar(Tok K) {
  switch (K) {
  case Tok::Pipe:
    return '|';
  case Tok::Caret:
    return '^';
  case Tok::Amp:
    return '&';
  case Tok::Shl:
    return '<';
  case Tok::Shr:
    return '>';
  case Tok::Plus:
    return '+';
  case Tok::Minus:
    return '-';
  case Tok::Star:
    return '*';
  case Tok::Slash:
    return '/';
  default:
    return '?';
  }
}

int tokenPrecedence(Tok K) {
  return static_cast<int>(binaryPrecedence(binaryOpChar(K)));
}

uint64_t hexValue(llvm::StringRef Digits) {
  uint64_t V = 0;
  for (char C : Digits)
    V = (V << 4) | static_cast<uint64_t>(C <= '9'   ? C - '0'
                                         : C <= 'F' ? C - 'A' + 10
                                                    : C - 'a' + 10);
  return V;
}
} // namespace

bool tcgen05::parseIntegerLiteral(llvm::StringRef Text, uint64_t &Value) {
  if (!Text.empty() && (Text.back() == 'U' || Text.back() == 'u'))
    Text = Text.drop_back();
  // Short decimals are most literals (data initializers): no overflow is
  // possible below 20 digits.
  if (!Text.empty() && Text.size() < 20 && Text[0] != '0') {
    uint64_t V = 0;
    for (char C : Text) {
      if (C < '0' || C > '9')
        return Value = ~0ull, false;
      V = V * 10 + static_cast<uint64_t>(C - '0');
    }
    Value = V;
    return true;
  }
  unsigned Radix = 10;
  if (Text.size() > 2 && Text[0] == '0' && (Text[1] == 'x' || Text[1] == 'X')) {
    Radix = 16;
    Text = Text.drop_front(2);
  } else if (Text.size() > 2 && Text[0] == '0' &&
             (Text[1] == 'b' || Text[1] == 'B')) {
    Radix = 2;
    Text = Text.drop_front(2);
  } else if (Text.size() > 1 && Text[0] == '0') {
    Radix = 8;
    Text = Text.drop_front(1);
  }
  unsigned long long V = 0;
  if (Text.getAsInteger(Radix, V)) {
    Value = ~0ull;
    return false;
  }
  Value = V;
  return true;
}

Diagnostic &ParserBase::expected(const char *What) {
  return Sink.report(DiagID::err_expected, Tok.span().range(),
                     {What, describeToken(Tok)});
}

bool ParserBase::expectSemi(llvm::StringRef After, bool Quote) {
  if (tryConsume(Tok::Semi))
    return true;
  if (Tok.StartsLine || Tok.is(Tok::Eof) || Tok.is(Tok::RBrace)) {
    llvm::SMLoc L = llvm::SMLoc::getFromPointer(PrevEnd);
    Sink.report(DiagID::err_expected_semi, llvm::SMRange(L, L),
                {Quote ? "'" + After.str() + "'" : After.str()});
    return false;
  }
  expected("';'");
  recover();
  return false;
}

void ParserBase::recover() {
  unsigned Depth = OpenVectorBraces;
  OpenVectorBraces = 0;
  while (!Tok.is(Tok::Eof)) {
    if (Tok.is(Tok::Semi) && Depth == 0) {
      consume();
      return;
    }
    if (Tok.StartsLine && Depth == 0) {
      // A new line that looks like a new statement ends the broken one;
      // lines continuing an operand list start with a register or ','.
      if (Tok.is(Tok::RBrace) || Tok.is(Tok::At) || Tok.is(Tok::DotWord) ||
          (Tok.is(Tok::Identifier) && Tok.Ptr[0] != '%'))
        return;
    }
    if (Tok.is(Tok::LBrace)) {
      ++Depth;
    } else if (Tok.is(Tok::RBrace)) {
      if (Depth == 0)
        return;
      --Depth;
    }
    consume();
  }
}

void ParserBase::skipBalancedBraces() {
  unsigned Depth = 1;
  while (!Tok.is(Tok::Eof)) {
    if (Tok.is(Tok::LBrace))
      ++Depth;
    else if (Tok.is(Tok::RBrace) && --Depth == 0) {
      consume();
      return;
    }
    consume();
  }
}

void ParserBase::lexSectionContents() {
  while (!Tok.is(Tok::RBrace) && !Tok.is(Tok::Eof)) {
    if (Tok.is(Tok::LBrace)) {
      expected(SectionItem);
      consume();
      skipBalancedBraces();
      continue;
    }
    // DWARF sections are most of a -G module: their tokens are lexed in a
    // local loop, where the token stays in registers, rather than through
    // consume(), whose copies through memory stall on every token.  They
    // are words and numbers, one per line, which the lexer's inline cases
    // would only look at before giving up.
    Token Last = Tok;
    Lex.skipPlainDataLines(Last);
    Token T = Lex.lexAny();
    while (!T.is(Tok::RBrace) && !T.is(Tok::LBrace) && !T.is(Tok::Eof)) {
      Last = T;
      Lex.skipPlainDataLines(Last);
      T = Lex.lexAny();
    }
    PrevEnd = Last.end();
    Tok = T;
  }
}

bool ParserBase::parseDecimalRun(llvm::SmallVectorImpl<Operand> &Out) {
  using namespace charclass;
  auto Is = [](char C, uint8_t Class) {
    return Table[static_cast<unsigned char>(C)] & Class;
  };
  const char *P = Tok.Ptr, *E = Lex.end();
  const char *FirstBegin = nullptr, *LastEnd = nullptr;
  uint64_t Count = 0;
  for (;;) {
    const char *B = P;
    // A leading 0 followed by more is octal, hex or binary.
    if (P == E || !Is(*P, Digit) ||
        (*P == '0' && P + 1 < E && Is(P[1], IdentCont)))
      break;
    // Elements are short (a byte's value in a table of data): their digits
    // are tested here, one by one.
    for (++P; P < E && static_cast<unsigned char>(*P - '0') < 10; ++P)
      ;
    // Below 20 digits nothing overflows; longer ones take the general path.
    if (P - B > 19)
      break;
    // Only an element that ends here: `2 + 3` is an expression, and a
    // suffix, a float or `255(sym)` takes the general path too (none of
    // their next bytes is a blank, ',' or '}').
    const char *Q = P;
    while (Q < E && (*Q == ' ' || *Q == '\t'))
      ++Q;
    if (Q == E || (*Q != ',' && *Q != '}'))
      break;
    if (!InInitializer) {
      Operand O;
      O.Kind = OperandKind::Integer;
      O.setSrc(Span(B, P));
      uint64_t V = 0;
      parseIntegerLiteral(O.src().text(), V);
      O.setValue(V);
      Out.push_back(O);
    }
    if (!FirstBegin)
      FirstBegin = B;
    ++Count;
    LastEnd = P;
    if (*Q == '}')
      break;
    ++Q;
    while (Q < E && (*Q == ' ' || *Q == '\t'))
      ++Q;
    P = Q;
  }
  if (!LastEnd)
    return false;
  if (InInitializer) {
    Operand Run;
    Run.Kind = OperandKind::DecimalRun;
    Run.setSrc(Span(FirstBegin, LastEnd));
    Run.setValue(Count);
    Out.push_back(Run);
  }
  Lex.reset(LastEnd);
  PrevEnd = LastEnd;
  Tok = Lex.lex();
  return true;
}

IndexRange ParserBase::commit(llvm::ArrayRef<Operand> Ops) {
  IndexRange R{static_cast<uint32_t>(Pool.Operands.size()),
               static_cast<uint32_t>(Ops.size())};
  Pool.Operands.insert(Pool.Operands.end(), Ops.begin(), Ops.end());
  return R;
}

bool ParserBase::parseListDirective(DirectiveStmt &D) {
  D.Name = Tok.span();
  D.Src.Begin = Tok.Ptr;
  consume();
  if (!parseOperandList(D.Operands)) {
    recover();
    return false;
  }
  D.Src.End = Tok.end();
  return true;
}

bool ParserBase::parseOperandList(IndexRange &R) {
  llvm::SmallVector<Operand, 8> Ops;
  if (!Tok.is(Tok::Semi)) {
    do {
      if (!parseOperand(Ops))
        return false;
    } while (tryConsume(Tok::Comma));
  }
  R = commit(Ops);
  return true;
}

bool ParserBase::parseExpression(llvm::SmallVectorImpl<Operand> &Out) {
  // Most operands are one register, name or number before ',', ';' or a
  // bracket: no unary operator can start them, and one look at the next
  // token says whether an operator follows.
  if (Tok.is(Tok::Identifier) || Tok.is(Tok::Integer)) {
    if (!parsePrimary(Out))
      return false;
    return tokenPrecedence(Tok.Kind) == 0 || parseBinaryRest(Out, 1);
  }
  return parseBinary(Out, 1);
}

bool ParserBase::parseOperand(llvm::SmallVectorImpl<Operand> &Out) {
  if (!Tok.is(Tok::LParen))
    return parseExpression(Out);
  // `(a, b)` is a call's argument list; `(a + b) * c` is an expression
  // that starts with a grouping.
  if (!parseBracketed(Out, OperandKind::List, Tok::RParen, "')'"))
    return false;
  if (tokenPrecedence(Tok.Kind) == 0)
    return true;
  Operand Group = Out.back();
  if (Group.children().Count != 1) {
    expected("',' or ';' after a parenthesized list");
    return false;
  }
  Out.back() = Pool.Operands[Group.children().First];
  Out.back().setSrc(Group.src());
  ++HiddenSyntax;
  return parseBinaryRest(Out, 1);
}

bool ParserBase::parseBinary(llvm::SmallVectorImpl<Operand> &Out,
                             unsigned MinPrec) {
  if (!parseUnary(Out))
    return false;
  return parseBinaryRest(Out, MinPrec);
}

bool ParserBase::parseBinaryRest(llvm::SmallVectorImpl<Operand> &Out,
                                 unsigned MinPrec) {
  for (;;) {
    int Prec = tokenPrecedence(Tok.Kind);
    if (Prec < static_cast<int>(MinPrec) || Prec == 0)
      return true;
    char Op = binaryOpChar(Tok.Kind);
    consume();
    llvm::SmallVector<Operand, 2> Kids;
    Kids.push_back(Out.pop_back_val());
    if (++ExprDepth > MaxOperandDepth) {
      Sink.report(DiagID::err_nesting_too_deep, Tok.span().range(),
                  {MaxOperandDepth});
      return false;
    }
    bool OK = parseBinary(Kids, Prec + 1);
    --ExprDepth;
    if (!OK)
      return false;
    Operand B;
    ++ExpressionNodes;
    B.Kind = OperandKind::Binary;
    B.Op = Op;
    B.setSrc(Span(Kids[0].src().Begin, Kids[1].src().End));
    B.setChildren(commit(Kids));
    Out.push_back(B);
  }
}

bool ParserBase::parseUnary(llvm::SmallVectorImpl<Operand> &Out) {
  char Op = 0;
  if (Tok.is(Tok::Minus))
    Op = '-';
  else if (Tok.is(Tok::Bang))
    Op = '!';
  else if (Tok.is(Tok::Tilde))
    Op = '~';
  else if (Tok.is(Tok::Plus)) {
    consume();
    ++HiddenSyntax;
    return parseUnary(Out);
  }
  if (!Op)
    return parsePrimary(Out);
  const char *Begin = Tok.Ptr;
  consume();
  if (++ExprDepth > MaxOperandDepth) {
    Sink.report(DiagID::err_nesting_too_deep, Tok.span().range(),
                {MaxOperandDepth});
    return false;
  }
  llvm::SmallVector<Operand, 1> Kid;
  bool OK = parseUnary(Kid);
  --ExprDepth;
  if (!OK)
    return false;
  Operand U;
  ++ExpressionNodes;
  U.Kind = OperandKind::Unary;
  U.Op = Op;
  U.setSrc(Span(Begin, Kid[0].src().End));
  U.setChildren(commit(Kid));
  Out.push_back(U);
  return true;
}

bool ParserBase::parseBracketed(llvm::SmallVectorImpl<Operand> &Out,
                                OperandKind K, enum Tok Close,
                                const char *CloseText) {
  const char *Begin = Tok.Ptr;
  Token Open = Tok;
  consume();
  if (Open.is(Tok::LBrace))
    ++OpenVectorBraces;
  if (++ExprDepth > MaxOperandDepth) {
    Sink.report(DiagID::err_nesting_too_deep, Open.span().range(),
                {MaxOperandDepth});
    return false;
  }
  size_t Start = Scratch.size();
  bool OK = true;
  if (!Tok.is(Close)) {
    do {
      // Data initializers are mostly long runs of small decimals.
      if (K == OperandKind::Vector && Tok.is(Tok::Integer) &&
          parseDecimalRun(Scratch))
        continue;
      // Inside brackets '(' only groups: lists do not nest.
      if (!(OK = parseExpression(Scratch)))
        break;
      if (K == OperandKind::Vector && Tok.is(Tok::Equal) &&
          Scratch.back().Kind == OperandKind::Symbol) {
        // { filter_mode = nearest, ... } of a .samplerref.
        consume();
        if (!(OK = parseBinary(Scratch, 1)))
          break;
        llvm::SmallVector<Operand, 2> Kids(Scratch.end() - 2, Scratch.end());
        Scratch.truncate(Scratch.size() - 2);
        Operand F;
        F.Kind = OperandKind::Field;
        F.setSrc(Span(Kids[0].src().Begin, Kids[1].src().End));
        F.setChildren(commit(Kids));
        Scratch.push_back(F);
      }
    } while (tryConsume(Tok::Comma));
  }
  --ExprDepth;
  // Elems is valid until Scratch is truncated, which every exit does
  // before Out (which may be Scratch itself) grows.
  llvm::ArrayRef<Operand> Elems =
      llvm::ArrayRef<Operand>(Scratch).drop_front(Start);
  auto Fail = [&] {
    Scratch.truncate(Start);
    return false;
  };
  if (!OK)
    return Fail();
  if (!Tok.is(Close)) {
    expected(K == OperandKind::Address
                 ? "',' or ']'"
                 : (K == OperandKind::Vector ? "',' or '}'" : "',' or ')'"))
        .note(DiagID::note_to_match, Open.span().range(), {Open.text().str()});
    return Fail();
  }
  (void)CloseText;
  consume();
  if (Open.is(Tok::LBrace))
    --OpenVectorBraces;
  Operand V;
  ExpressionNodes += K == OperandKind::List;
  V.Kind = K;
  V.setSrc(Span(Begin, PrevEnd));
  if (K == OperandKind::Address && Elems.size() == 1 && !checkAddress(Elems[0]))
    return Fail();
  if (K == OperandKind::Vector && Elems.empty()) {
    Sink.report(DiagID::err_empty_vector, V.src().range());
    return Fail();
  }
  V.setChildren(commit(Elems));
  Scratch.truncate(Start);
  Out.push_back(V);
  return true;
}

namespace {

/// A group keeps its parentheses in its span, and so does every expression
/// it begins; no name or number starts with '(', so this is how the checks
/// of operand expressions see a grouping the tree does not show.
bool isGrouped(const Operand &O) { return O.src().Begin[0] == '('; }

/// O is of one of Kinds and not in parentheses.
bool isBare(const Operand &O, std::initializer_list<OperandKind> Kinds) {
  return !isGrouped(O) && llvm::is_contained(Kinds, O.Kind);
}

} // namespace

unsigned ParserBase::countNames(const Operand &O) const {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol ||
      O.Kind == OperandKind::Member || O.Kind == OperandKind::Call)
    return 1;
  unsigned N = 0;
  for (const Operand &C : Pool.operands(O.children()))
    N += countNames(C);
  return N;
}

bool ParserBase::isNamePlusConstant(const Operand &O) const {
  // ptxas reads %r1+1-2 as %r1 + (1-2): the name first, '+' right after
  // it, a constant expression after that.  The operator after the leftmost
  // leaf is that leaf's parent.
  const Operand *Parent = nullptr, *Leaf = &O;
  while (Leaf->Kind == OperandKind::Binary) {
    Parent = Leaf;
    Leaf = &Pool.Operands[Leaf->children().First];
  }
  return Parent && Parent->Op == '+' && !isGrouped(O) &&
         isBare(*Leaf, {OperandKind::Register, OperandKind::Symbol,
                        OperandKind::Call}) &&
         countNames(O) == 1;
}

bool ParserBase::checkAddress(const Operand &A) {
  // ptxas accepts [reg], [var], [imm], and reg or var followed by '+' and a
  // constant expression: [reg+8], [reg+-8], [var+4-2].
  auto IsName = [](const Operand &O) {
    return isBare(O, {OperandKind::Register, OperandKind::Symbol});
  };
  auto IsImm = [&](const Operand &O) {
    if (O.Kind == OperandKind::Integer)
      return !isGrouped(O);
    return O.Kind == OperandKind::Unary && O.Op == '-' &&
           Pool.Operands[O.children().First].Kind == OperandKind::Integer;
  };
  if (IsName(A) || IsImm(A) || isNamePlusConstant(A))
    return true;
  if (A.Kind == OperandKind::Binary && A.Op == '-') {
    const Operand &L = Pool.Operands[A.children().First];
    const Operand &R = Pool.Operands[A.children().First + 1];
    if (IsName(L) && R.Kind == OperandKind::Integer) {
      Sink.report(DiagID::err_address_minus, A.src().range(), {R.text().str()});
      return false;
    }
  }
  Sink.report(DiagID::err_bad_address, A.src().range());
  return false;
}

bool ParserBase::checkOperandExpression(const Operand &O) {
  // ptxas's operands (PTX ISA 6.2, and ptxas): a name; a name, '+' and a
  // constant expression; or a constant expression.  A special register's
  // component takes no offset: %tid.x+1 is a syntax error.
  auto NameOrSink = [](const Operand &X) {
    return isBare(X, {OperandKind::Register, OperandKind::Symbol,
                      OperandKind::Member, OperandKind::Sink});
  };
  auto Child = [&](const Operand &X, unsigned K) -> const Operand & {
    return Pool.Operands[X.children().First + K];
  };
  switch (O.Kind) {
  case OperandKind::Integer:
  case OperandKind::Float:
  case OperandKind::String:
  case OperandKind::Sink:
  case OperandKind::Address: // checkAddress's
    return true;
  case OperandKind::Vector:
    // Each element a register, '_' or a constant expression: {%r1+1, %r2}
    // and {-%r1, %r2} are syntax errors.
    for (const Operand &E : Pool.operands(O.children()))
      if (!NameOrSink(E) && countNames(E) != 0) {
        Sink.report(DiagID::err_bad_operand_expression, E.src().range(),
                    {E.text().str()});
        return false;
      }
    return true;
  case OperandKind::Binary:
    // setp's and shfl's destination pairs: %p|%q, %r|%p, _|%p.
    if (O.Op == '|' && NameOrSink(Child(O, 0)) && NameOrSink(Child(O, 1)))
      return true;
    break;
  case OperandKind::Unary:
    // -%r1, !%p1: ptxas parses them and judges them by the instruction.
    if (NameOrSink(Child(O, 0)))
      return true;
    break;
  default:
    break;
  }
  if (NameOrSink(O) || countNames(O) == 0 || isNamePlusConstant(O))
    return true;
  Sink.report(DiagID::err_bad_operand_expression, O.src().range(),
              {O.text().str()});
  return false;
}

bool ParserBase::checkInitializer(const Operand &O) {
  // An initializer's elements are operands of their own: a variable, its
  // address by generic(var) or a mask(var), each alone or with '+' and a
  // constant expression; or a constant expression.  A sampler's fields
  // (filter_mode = nearest) are names by design.
  if (O.Kind == OperandKind::Vector) {
    for (const Operand &E : Pool.operands(O.children()))
      if (E.Kind != OperandKind::Field && !checkInitializer(E))
        return false;
    return true;
  }
  auto BareArgument = [&](const Operand &Call) {
    const Operand &Args = Pool.Operands[Call.children().First + 1];
    if (Args.children().Count != 1)
      return false;
    const Operand &A = Pool.Operands[Args.children().First];
    return isBare(A, {OperandKind::Symbol});
  };
  auto CallsTakeNames = [&](const Operand &X, auto &Self) -> bool {
    if (X.Kind == OperandKind::Call)
      return BareArgument(X);
    for (const Operand &C : Pool.operands(X.children()))
      if (!Self(C, Self))
        return false;
    return true;
  };
  bool Alone = isBare(O, {OperandKind::Symbol, OperandKind::Call});
  if ((Alone || countNames(O) == 0 || isNamePlusConstant(O)) &&
      CallsTakeNames(O, CallsTakeNames))
    return true;
  Sink.report(DiagID::err_bad_operand_expression, O.src().range(),
              {O.text().str()});
  return false;
}

bool ParserBase::parseCall(const Operand &Callee,
                           llvm::SmallVectorImpl<Operand> &Out) {
  llvm::SmallVector<Operand, 1> Args;
  if (!parseBracketed(Args, OperandKind::List, Tok::RParen, "')'"))
    return false;
  Operand C;
  ++ExpressionNodes;
  C.Kind = OperandKind::Call;
  C.setSrc(Span(Callee.src().Begin, Args[0].src().End));
  llvm::SmallVector<Operand, 2> Kids{Callee, Args[0]};
  C.setChildren(commit(Kids));
  Out.push_back(C);
  return true;
}

Operand ParserBase::integerLiteral() const {
  Operand O;
  O.Kind = OperandKind::Integer;
  O.setSrc(Tok.span());
  uint64_t V = 0;
  O.Overflow = !parseIntegerLiteral(Tok.text(), V);
  O.setValue(V);
  return O;
}

bool ParserBase::parsePrimary(llvm::SmallVectorImpl<Operand> &Out) {
  Operand O;
  O.setSrc(Tok.span());
  switch (Tok.Kind) {
  case Tok::Identifier: {
    llvm::StringRef Name = Tok.text();
    O.Kind = Name[0] == '%' ? OperandKind::Register
             : Name == "_"  ? OperandKind::Sink
                            : OperandKind::Symbol;
    consume();
    if (Tok.is(Tok::DotWord) && Tok.Ptr == PrevEnd) {
      // %tid.x, %ctaid.y: a component of a special or vector register.
      Operand M;
      M.Kind = OperandKind::Member;
      M.setSrc(Span(O.src().Begin, Tok.end()));
      consume();
      M.setChildren(commit(O));
      Out.push_back(M);
      return true;
    }
    // generic(sym) in initializers.
    if (Tok.is(Tok::LParen) && Tok.Ptr == PrevEnd &&
        O.Kind == OperandKind::Symbol)
      return parseCall(O, Out);
    Out.push_back(O);
    return true;
  }
  case Tok::Integer:
    O = integerLiteral();
    consume();
    // 0xFF00(sym) in initializers: the bytes of sym's address the mask
    // selects.
    if (Tok.is(Tok::LParen) && Tok.Ptr == PrevEnd)
      return parseCall(O, Out);
    Out.push_back(O);
    return true;
  case Tok::Float: {
    O.Kind = OperandKind::Float;
    llvm::StringRef T = Tok.text();
    if (T.size() > 2 && T[0] == '0' &&
        (T[1] == 'f' || T[1] == 'F' || T[1] == 'd' || T[1] == 'D')) {
      O.IsSingle = T[1] == 'f' || T[1] == 'F';
      O.setValue(hexValue(T.drop_front(2)));
    } else {
      double D = 0;
      T.getAsDouble(D, /*AllowInexact=*/true);
      uint64_t V;
      std::memcpy(&V, &D, sizeof(D));
      O.setValue(V);
    }
    consume();
    Out.push_back(O);
    return true;
  }
  case Tok::String:
    O.Kind = OperandKind::String;
    consume();
    Out.push_back(O);
    return true;
  case Tok::LBracket:
    return parseBracketed(Out, OperandKind::Address, Tok::RBracket, "']'");
  case Tok::LBrace:
    return parseBracketed(Out, OperandKind::Vector, Tok::RBrace, "'}'");
  case Tok::LParen: {
    // Grouping inside an expression.
    Token Open = Tok;
    consume();
    if (++ExprDepth > MaxOperandDepth) {
      Sink.report(DiagID::err_nesting_too_deep, Open.span().range(),
                  {MaxOperandDepth});
      return false;
    }
    bool OK = parseBinary(Out, 1);
    --ExprDepth;
    if (!OK)
      return false;
    if (!Tok.is(Tok::RParen)) {
      expected("')'").note(DiagID::note_to_match, Open.span().range(), {"("});
      return false;
    }
    Out.back().setSrc(Span(Open.Ptr, Tok.end()));
    consume();
    ++HiddenSyntax;
    return true;
  }
  default:
    expected("an operand");
    return false;
  }
}

bool ParserBase::isStateSpace(llvm::StringRef W) const {
  return W == ".reg" || W == ".param" || W == ".shared" || W == ".global" ||
         W == ".local" || W == ".const" || W == ".tex" || W == ".sreg";
}

bool ParserBase::isLinkage(llvm::StringRef W) const {
  return W == ".visible" || W == ".extern" || W == ".weak" || W == ".common";
}

bool ParserBase::parseDeclarator(Declarator &D, bool InList) {
  if (!Tok.is(Tok::Identifier)) {
    expected("a name");
    return false;
  }
  D.Name = Tok.span();
  const char *Begin = Tok.Ptr;
  consume();
  if (Tok.is(Tok::Less)) {
    // %r<100>: registers %r0 .. %r99.
    consume();
    if (!Tok.is(Tok::Integer)) {
      expected("a register count");
      return false;
    }
    // ptxas reads the count as a 32-bit constant ("Constant overflow").
    uint64_t N = 0;
    if (!parseIntegerLiteral(Tok.text(), N) || N > 0xffffffffull) {
      Sink.report(DiagID::err_register_count_range, Tok.span().range(),
                  {Tok.text().str()});
      N = 0xffffffffull;
    }
    D.IsRange = true;
    D.RangeCount = static_cast<uint32_t>(N);
    consume();
    if (!expect(Tok::Greater, "'>'"))
      return false;
  }
  if (Tok.is(Tok::LBracket))
    D.Dims.Begin = Tok.Ptr;
  while (Tok.is(Tok::LBracket)) {
    consume();
    if (Tok.is(Tok::Integer) || Tok.is(Tok::Identifier))
      consume();
    if (!expect(Tok::RBracket, "']'"))
      return false;
    if (D.NumDims < 255)
      ++D.NumDims;
    D.Dims.End = PrevEnd;
  }
  if (!InList && Tok.is(Tok::Equal)) {
    consume();
    llvm::SmallVector<Operand, 1> Init;
    InInitializer = true;
    bool OK = parseOperand(Init);
    InInitializer = false;
    if (!OK)
      return false;
    // An initializer is never a list: `= (5)` is a grouping.
    if (Init[0].Kind == OperandKind::List && Init[0].children().Count == 1) {
      Span Src = Init[0].src();
      Init[0] = Pool.Operands[Init[0].children().First];
      Init[0].setSrc(Src);
    }
    if (!checkInitializer(Init[0]))
      return false;
    D.Init = commit(Init);
  }
  D.Src = Span(Begin, PrevEnd);
  return true;
}

bool ParserBase::parseDeclaration(Declaration &D, bool InList) {
  D.Src.Begin = Tok.Ptr;
  D.Space = Tok.span();
  consume();
  D.Qualifiers.First = static_cast<uint32_t>(Pool.Qualifiers.size());
  while (Tok.is(Tok::DotWord)) {
    llvm::StringRef W = Tok.text();
    Pool.Qualifiers.emplace_back(Tok.Ptr, Tok.end());
    consume();
    if (W == ".attribute") {
      // .attribute(.managed): one qualifier spanning its parentheses.
      if (!expect(Tok::LParen, "'(' after .attribute"))
        return false;
      do {
        if (!Tok.is(Tok::DotWord)) {
          expected("an attribute such as .managed");
          return false;
        }
        consume();
      } while (tryConsume(Tok::Comma));
      if (!expect(Tok::RParen, "')'"))
        return false;
      Pool.Qualifiers.back().End = PrevEnd;
      continue;
    }
    if (W == ".align") {
      if (!Tok.is(Tok::Integer)) {
        expected("an alignment");
        return false;
      }
      uint64_t A = 0;
      parseIntegerLiteral(Tok.text(), A);
      D.Align = static_cast<uint32_t>(A);
      consume();
    }
  }
  D.Qualifiers.Count =
      static_cast<uint32_t>(Pool.Qualifiers.size()) - D.Qualifiers.First;
  llvm::SmallVector<Declarator, 4> Decls;
  do {
    Declarator Dr;
    if (!parseDeclarator(Dr, InList))
      return false;
    Decls.push_back(Dr);
  } while (!InList && tryConsume(Tok::Comma));
  D.Declarators = {static_cast<uint32_t>(Pool.Declarators.size()),
                   static_cast<uint32_t>(Decls.size())};
  Pool.Declarators.insert(Pool.Declarators.end(), Decls.begin(), Decls.end());
  D.Src.End = PrevEnd;
  return true;
}

bool ParserBase::parseParamList(std::vector<uint32_t> *Out) {
  Token Open = Tok;
  consume(); // '('
  if (tryConsume(Tok::RParen))
    return true;
  do {
    if (!Tok.is(Tok::DotWord) || !isStateSpace(Tok.text())) {
      expected("a parameter declaration such as '.param .b32 name'");
      return false;
    }
    Declaration D;
    if (!parseDeclaration(D, /*InList=*/true))
      return false;
    if (Out)
      Out->push_back(static_cast<uint32_t>(Pool.Declarations.size()));
    Pool.Declarations.push_back(D);
  } while (tryConsume(Tok::Comma));
  if (!Tok.is(Tok::RParen)) {
    expected("',' or ')'")
        .note(DiagID::note_to_match, Open.span().range(), {"("});
    return false;
  }
  consume();
  return true;
}

bool ParserBase::parseDebugDirective(DirectiveStmt &D) {
  // These end without ';' and may span lines, so they are parsed by shape:
  //   .file N "name" [, timestamp, size]
  //   .loc file line col [, function_name sym [, inlined_at file line col]]
  D.Name = Tok.span();
  D.Src.Begin = Tok.Ptr;
  bool IsFile = Tok.text() == ".file";
  consume();
  size_t PoolSize = Pool.Operands.size();
  llvm::SmallVector<Operand, 8> Ops;
  // Plain literals, as ptxas reads them: `.loc 1 3-1 5` is a syntax error
  // there.  Only .file keeps its operands.
  auto Integers = [&](unsigned N) {
    for (unsigned I = 0; I < N; ++I) {
      if (!Tok.is(Tok::Integer)) {
        expected("an integer");
        return false;
      }
      if (IsFile)
        Ops.push_back(integerLiteral());
      consume();
    }
    return true;
  };
  if (IsFile) {
    if (!Integers(1))
      return false;
    if (!Tok.is(Tok::String)) {
      expected("a file name string");
      return false;
    }
    parseOperand(Ops);
    if (tryConsume(Tok::Comma) &&
        !(Integers(1) && expect(Tok::Comma, "','") && Integers(1)))
      return false;
  } else {
    if (!Integers(3))
      return false;
    while (tryConsume(Tok::Comma)) {
      if (!Tok.is(Tok::Identifier)) {
        expected("'function_name' or 'inlined_at'");
        return false;
      }
      llvm::StringRef Key = Tok.text();
      consume();
      if (Key == "inlined_at") {
        if (!Integers(3))
          return false;
      } else if (!parseOperand(Ops)) {
        return false;
      }
    }
  }
  // A -lineinfo or -G body holds a .loc for every few instructions, and no
  // check reads their operands (the printer prints .loc from its tokens;
  // CUDA source notes read .loc text from the module): they are parsed to
  // be checked, not kept, nor their nested nodes.
  if (IsFile)
    D.Operands = commit(Ops);
  else
    Pool.Operands.resize(PoolSize);
  D.Src.End = PrevEnd;
  return true;
}

namespace {
/// The newline that ends a '//' comment or a line marker from P, or E.
const char *lineEnd(const char *P, const char *E) {
#ifdef __SSE2__
  const __m128i NL = _mm_set1_epi8('\n');
  for (; E - P >= 16; P += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    if (unsigned M =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(V, NL))))
      return P + llvm::countr_zero(M);
  }
#endif
  const void *Found = std::memchr(P, '\n', static_cast<size_t>(E - P));
  return Found ? static_cast<const char *>(Found) : E;
}

/// Past what starts at P, a '/', '"' or '#': a comment, a string, a line
/// marker (to the end of its line, as the lexer reads it), or the '/' alone.
const char *skipNonBrace(const char *P, const char *E) {
  if (*P == '#')
    return lineEnd(P, E);
  if (*P == '"') {
    for (++P; P < E && *P != '"'; ++P)
      ;
    return P < E ? P + 1 : E;
  }
  if (P + 1 < E && P[1] == '/')
    return lineEnd(P, E);
  if (P + 1 < E && P[1] == '*') {
    for (P += 2; P < E && !(P[0] == '*' && P + 1 < E && P[1] == '/'); ++P)
      ;
    return P < E ? P + 2 : E;
  }
  return P + 1;
}

/// The brace search from P up to End with Depth braces open: the position
/// after the '}' that closes them, or null, with P where the search goes on
/// when the text turns out to go on past End (the start of a comment or
/// string that reaches End, whose end is not known yet).
const char *scanBraces(const char *&P, const char *End, unsigned &Depth) {
  // Most bytes of a body are none of '{', '}', '/', '"' and '#', and one
  // comes every 50 bytes or so (a comment line, an inline-asm scope):
  // sixteen bytes are tested at once, and the braces among them counted
  // without testing them again.
#ifdef __SSE2__
  auto Byte = [](char C) { return _mm_set1_epi8(C); };
  while (End - P >= 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    __m128i Brace = _mm_or_si128(_mm_cmpeq_epi8(V, Byte('{')),
                                 _mm_cmpeq_epi8(V, Byte('}')));
    __m128i Hit =
        _mm_or_si128(_mm_or_si128(Brace, _mm_cmpeq_epi8(V, Byte('/'))),
                     _mm_or_si128(_mm_cmpeq_epi8(V, Byte('"')),
                                  _mm_cmpeq_epi8(V, Byte('#'))));
    auto Mask = static_cast<unsigned>(_mm_movemask_epi8(Hit));
    const char *Next = P + 16;
    for (; Mask; Mask &= Mask - 1) {
      const char *Q = P + llvm::countr_zero(Mask);
      if (*Q == '{') {
        ++Depth;
      } else if (*Q == '}') {
        if (--Depth == 0)
          return Q + 1;
      } else {
        // The rest of the step may lie inside a comment or a string.
        Next = skipNonBrace(Q, End);
        if (Next == End) {
          P = Q;
          return nullptr;
        }
        break;
      }
    }
    P = Next;
  }
#endif
  while (P < End) {
    if (*P == '{') {
      ++Depth;
      ++P;
    } else if (*P == '}') {
      if (--Depth == 0)
        return P + 1;
      ++P;
    } else if (*P == '/' || *P == '"' || *P == '#') {
      const char *Next = skipNonBrace(P, End);
      if (Next == End)
        return nullptr;
      P = Next;
    } else {
      ++P;
    }
  }
  return nullptr;
}
} // namespace

const char *tcgen05::findSignatureEnd(const char *P, const char *End) {
#ifdef __SSE2__
  auto Byte = [](char C) { return _mm_set1_epi8(C); };
  for (; End - P >= 16; P += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    __m128i Hit =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(V, Byte(';')),
                                               _mm_cmpeq_epi8(V, Byte('{'))),
                                  _mm_or_si128(_mm_cmpeq_epi8(V, Byte('}')),
                                               _mm_cmpeq_epi8(V, Byte('/')))),
                     _mm_or_si128(_mm_cmpeq_epi8(V, Byte('"')),
                                  _mm_cmpeq_epi8(V, Byte('#'))));
    if (auto Mask = static_cast<unsigned>(_mm_movemask_epi8(Hit)))
      return P + llvm::countr_zero(Mask);
  }
#endif
  for (; P < End; ++P)
    if (*P == ';' || *P == '{' || *P == '}' || *P == '/' || *P == '"' ||
        *P == '#')
      return P;
  return End;
}

const char *tcgen05::findMatchingBrace(const char *Open, const char *End) {
  unsigned Depth = 0;
  const char *Close = scanBraces(Open, End, Depth);
  return Close ? Close : End;
}

const char *tcgen05::findMatchingBrace(const char *Open, Lexer &Lex) {
  unsigned Depth = 0;
  for (;;) {
    if (const char *Close = scanBraces(Open, Lex.end(), Depth))
      return Close;
    if (!Lex.refill())
      return Lex.end();
  }
}
