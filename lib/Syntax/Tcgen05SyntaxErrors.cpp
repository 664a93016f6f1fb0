//===- Tcgen05SyntaxErrors.cpp - Messages for tcgen05 syntax errors -------===//

#include "Tcgen05SyntaxErrors.h"

#include <cctype>
#include <cstdio>

using namespace tcgen05;
using namespace tcgen05::syntax;

std::string syntax::describeToken(antlr4::Token *T) {
  if (!T || T->getType() == antlr4::Token::EOF)
    return "the end of the statement";
  std::string Text = T->getText();
  if (Text.size() == 1 && !std::isprint(static_cast<unsigned char>(Text[0]))) {
    char Hex[8];
    std::snprintf(Hex, sizeof(Hex), "0x%02x",
                  static_cast<unsigned char>(Text[0]));
    return Hex;
  }
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  return "'" + Text + "'";
}

void syntax::reportSyntaxProblem(const SyntaxProblem &P, const char *Base,
                                 const SpelledInstruction &Spelled,
                                 DiagnosticSink &Sink) {
  auto Loc = [&](size_t Offset) {
    return llvm::SMLoc::getFromPointer(Base + Offset);
  };
  std::vector<DiagArg> Args{Spelled.Name};
  Args.insert(Args.end(), P.Args.begin(), P.Args.end());
  Diagnostic &D =
      Sink.report(P.ID, llvm::SMRange(Loc(P.Begin), Loc(P.End)), Args);
  if (P.OpenBracket)
    D.note(DiagID::note_to_match,
           llvm::SMRange(Loc(*P.OpenBracket), Loc(*P.OpenBracket + 1)),
           {std::string(1, P.Bracket)});
  addFormNotes(D, Spelled);
}

void syntax::addFormNotes(Diagnostic &D, const SpelledInstruction &Spelled) {
  if (!Spelled.Form) {
    D.note(DiagID::note_tcgen05_forms, llvm::SMRange(), {instructionList()});
    return;
  }
  const Tcgen05FormSpelling &Info = tcgen05FormSpelling(*Spelled.Form);
  std::string Syntax = Info.Syntax.str();
  if (Spelled.WholeInstruction)
    for (const Tcgen05FormSpelling &F : tcgen05FormSpellings())
      if (&F != &Info && F.Opcode == Info.Opcode)
        Syntax += " | " + F.Syntax.str();
  D.note(DiagID::note_tcgen05_forms, llvm::SMRange(), {Syntax});
  D.note(DiagID::note_cite, llvm::SMRange(), {Info.Section.str()});
}

namespace {

size_t beginOf(antlr4::Token *T) { return T->getStartIndex(); }
size_t endOf(antlr4::Token *T) {
  // EOF has stop = start - 1: an empty range at the end.
  return T->getStopIndex() + 1 < T->getStartIndex() ? T->getStartIndex()
                                                    : T->getStopIndex() + 1;
}

bool isAncestorOrSelf(antlr4::tree::ParseTree *A, antlr4::tree::ParseTree *C) {
  for (; C; C = C->parent)
    if (C == A)
      return true;
  return false;
}

const OperandRule *operandRuleOf(antlr4::tree::ParseTree *T) {
  auto *Ctx = dynamic_cast<antlr4::ParserRuleContext *>(T);
  return Ctx ? findOperandRule(Ctx->getRuleIndex()) : nullptr;
}

/// The operand rule context nearest above Ctx (Ctx included).
antlr4::ParserRuleContext *enclosingOperand(antlr4::ParserRuleContext *Ctx) {
  for (antlr4::tree::ParseTree *T = Ctx; T; T = T->parent)
    if (operandRuleOf(T))
      return static_cast<antlr4::ParserRuleContext *>(T);
  return nullptr;
}

/// The rule context of kind Rule between Ctx and Stop (both included).
antlr4::ParserRuleContext *enclosing(antlr4::ParserRuleContext *Ctx,
                                     antlr4::tree::ParseTree *Stop,
                                     size_t Rule) {
  for (antlr4::tree::ParseTree *T = Ctx; T; T = T->parent) {
    auto *C = static_cast<antlr4::ParserRuleContext *>(T);
    if (C->getRuleIndex() == Rule)
      return C;
    if (T == Stop)
      break;
  }
  return nullptr;
}

/// The last operand parsed completely before token index Before: the
/// operand the missing ',' or ';' should have followed.
void lastOperandBefore(antlr4::tree::ParseTree *T, size_t Before,
                       antlr4::ParserRuleContext *Failing,
                       antlr4::ParserRuleContext *&Last) {
  auto *Ctx = dynamic_cast<antlr4::ParserRuleContext *>(T);
  if (!Ctx || !Ctx->start || Ctx->start->getTokenIndex() >= Before)
    return;
  const OperandRule *Rule = operandRuleOf(Ctx);
  if (Rule && !Rule->Choice && !isAncestorOrSelf(Ctx, Failing)) {
    Last = Ctx;
    return;
  }
  for (antlr4::tree::ParseTree *C : Ctx->children)
    lastOperandBefore(C, Before, Failing, Last);
}

SyntaxProblem problem(DiagID ID, std::vector<DiagArg> Args) {
  SyntaxProblem P;
  P.ID = ID;
  P.Args = std::move(Args);
  return P;
}

/// A name word ('.ws', '.red', '.sp', '.ld') where it does not belong.
SyntaxProblem misplacedWord(size_t Type, const std::string &Word,
                            const SpelledInstruction &Inst) {
  std::optional<Tcgen05Opcode> Op;
  if (Inst.Form)
    Op = tcgen05FormSpelling(*Inst.Form).Opcode;
  switch (Type) {
  case G::WS:
    if (Op == Tcgen05Opcode::Mma)
      return problem(DiagID::err_tcgen05_word_position,
                     {Word, ".mma", "tcgen05.mma.ws"});
    return problem(DiagID::err_tcgen05_word_elsewhere, {Word, "tcgen05.mma"});
  case G::RED:
    if (Op == Tcgen05Opcode::Ld)
      return problem(DiagID::err_tcgen05_word_position,
                     {Word, ".ld", "tcgen05.ld.red"});
    return problem(DiagID::err_tcgen05_word_elsewhere, {Word, "tcgen05.ld"});
  case G::SP:
    return problem(DiagID::err_tcgen05_word_not_here,
                   {Word, DiagArg::list({"tcgen05.mma", "tcgen05.mma.ws"})});
  default:
    return problem(DiagID::err_tcgen05_name_as_qualifier, {Word});
  }
}

} // namespace

SyntaxProblem syntax::describeSyntaxError(const FirstSyntaxError &E,
                                          antlr4::TokenStream &Tokens,
                                          const SpelledInstruction &Inst) {
  antlr4::Token *T = E.Offending;
  SyntaxProblem P;
  P.Begin = beginOf(T);
  P.End = endOf(T);
  size_t Type = T->getType();
  std::string Found = describeToken(T);
  antlr4::ParserRuleContext *Ctx = E.Context;

  if (Type == G::STRAY) {
    P.ID = DiagID::err_tcgen05_stray_char;
    P.Args = {Found};
    return P;
  }
  bool Mma =
      Inst.Form && tcgen05FormSpelling(*Inst.Form).Opcode == Tcgen05Opcode::Mma;
  if (isNameWord(Type) || (Type == G::SP && !Mma)) {
    bool Repeated = false;
    for (size_t K = 1; K < T->getTokenIndex(); ++K)
      Repeated |= Tokens.get(K)->getType() == Type;
    SyntaxProblem W =
        Repeated ? problem(DiagID::err_tcgen05_duplicate_word, {T->getText()})
                 : misplacedWord(Type, T->getText(), Inst);
    W.Begin = P.Begin;
    W.End = P.End;
    return W;
  }
  if (!Ctx || Ctx->getRuleIndex() == G::RuleInstruction ||
      (Ctx->getRuleIndex() == G::RuleStatement && T->getTokenIndex() <= 1)) {
    P.ID = DiagID::err_tcgen05_expected_name;
    P.Args = {Found};
    return P;
  }

  antlr4::Token *Prev =
      T->getTokenIndex() > 0 ? Tokens.get(T->getTokenIndex() - 1) : nullptr;
  size_t PrevType = Prev ? Prev->getType() : 0;

  // Inside an operand: either nothing of it was matched (a wrong form) or
  // it broke off in the middle.
  antlr4::ParserRuleContext *Op = enclosingOperand(Ctx);
  const OperandRule *Rule = Op ? operandRuleOf(Op) : nullptr;
  if (Op && Op->start == T) {
    P.ID = DiagID::err_tcgen05_expected_operand;
    P.Args = {Rule->Expected, Found};
    return P;
  }
  if (Op && !Rule->Choice) {
    auto *Address = enclosing(Ctx, Op, G::RuleAddress);
    auto *Vector = enclosing(Ctx, Op, G::RuleVector);
    std::string In = Rule->Name;
    if (PrevType == G::MINUS || PrevType == G::PLUS) {
      P.ID = DiagID::err_tcgen05_expected_offset;
      P.Args = {Prev->getText(), In, Found};
    } else if (PrevType == G::NOT) {
      P.ID = DiagID::err_tcgen05_expected_predicate;
      P.Args = {Found};
    } else if (Address && PrevType == G::LBRACKET) {
      P.ID = DiagID::err_tcgen05_expected_address;
      P.Args = {In, Found};
    } else if (Address) {
      P.ID = DiagID::err_tcgen05_unclosed_address;
      P.Args = {In, Found};
      P.OpenBracket = beginOf(Address->start);
      P.Bracket = '[';
    } else if (Vector && (PrevType == G::LBRACE || PrevType == G::COMMA)) {
      P.ID = DiagID::err_tcgen05_expected_vector_element;
      P.Args = {In, Found};
    } else if (Vector) {
      P.ID = DiagID::err_tcgen05_unclosed_vector;
      P.Args = {In, Found};
      P.OpenBracket = beginOf(Vector->start);
      P.Bracket = '{';
    } else {
      P.ID = DiagID::err_tcgen05_unexpected_in_operand;
      P.Args = {Found, In};
    }
    return P;
  }

  // Between operands: a ',' or ';' was expected after the last operand.
  antlr4::tree::ParseTree *Root = Ctx;
  while (Root->parent)
    Root = Root->parent;
  antlr4::ParserRuleContext *Last = nullptr;
  lastOperandBefore(Root, T->getTokenIndex(), Ctx, Last);
  const OperandRule *LastRule = Last ? operandRuleOf(Last) : nullptr;
  bool WantComma = E.Expected.contains(static_cast<size_t>(G::COMMA));
  bool WantSemi = E.Expected.contains(static_cast<size_t>(G::SEMI));

  // A scalar taken as an optional operand that was really meant as the next
  // one: a redval without .red, or st's r written without braces.
  if (Last && Type == G::SEMI && WantComma &&
      (Last->getRuleIndex() == G::RuleStrayRedVal ||
       (Last->getRuleIndex() == G::RuleImmHalfSplitoff &&
        Inst.Form == Tcgen05Form::St))) {
    const OperandRule *Meant = findOperandRule(
        Last->getRuleIndex() == G::RuleStrayRedVal ? G::RuleTaddr
                                                   : G::RuleValues);
    P.Begin = beginOf(Last->start);
    P.End = endOf(Last->stop);
    P.ID = DiagID::err_tcgen05_expected_operand;
    P.Args = {Meant->Expected, describeToken(Last->start)};
    return P;
  }

  std::vector<std::string> Wanted;
  if (WantComma)
    Wanted.push_back(",");
  if (WantSemi)
    Wanted.push_back(";");
  if (!LastRule && WantSemi && !WantComma) {
    P.ID = DiagID::err_tcgen05_no_operands;
    P.Args = {Found};
  } else if (!LastRule && !Wanted.empty()) {
    P.ID = DiagID::err_tcgen05_expected_token;
    P.Args = {DiagArg::list(Wanted), Found};
  } else if (!LastRule) {
    P.ID = DiagID::err_tcgen05_unexpected_token;
    P.Args = {Found};
  } else if (WantComma && !WantSemi && Type == G::SEMI) {
    P.ID = DiagID::err_tcgen05_missing_comma;
    P.Args = {LastRule->Name, Found};
  } else if (WantSemi && !WantComma && Type == G::COMMA) {
    P.ID = DiagID::err_tcgen05_extra_operand;
    P.Args = {LastRule->Name, Found};
  } else if (!Wanted.empty()) {
    P.ID = DiagID::err_tcgen05_expected_after;
    P.Args = {DiagArg::list(Wanted), LastRule->Name, Found};
  } else {
    P.ID = DiagID::err_tcgen05_unexpected_after;
    P.Args = {Found, LastRule->Name};
  }
  return P;
}
