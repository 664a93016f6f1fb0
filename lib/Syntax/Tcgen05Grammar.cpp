//===- Tcgen05Grammar.cpp - Facts about the generated tcgen05 parser ------===//

#include "Tcgen05Grammar.h"

using namespace tcgen05;
using namespace tcgen05::syntax;

namespace {

using R = Tcgen05OperandRole;

const OperandRule OperandRules[] = {
    {G::RuleDst, R::Dst, false, "[dst]",
     "[dst] (a shared memory address in brackets)"},
    {G::RuleNCols, R::NCols, false, "nCols", "nCols (a register or integer)"},
    {G::RuleTaddr, R::TAddr, false, "[taddr]",
     "[taddr] (a tensor memory address in brackets)"},
    {G::RuleTaddrValue, R::TAddr, false, "taddr",
     "taddr (a register holding the tensor memory address, without brackets)"},
    {G::RuleValues, R::Values, false, "r",
     "r (a brace-enclosed vector of registers)"},
    {G::RuleRedVal, R::RedVal, false, "redval", "redval (a register)"},
    {G::RuleStrayRedVal, std::nullopt, false, "redval", "redval (a register)"},
    {G::RuleImmHalfSplitoff, R::ImmHalfSplitoff, false, "immHalfSplitoff",
     "immHalfSplitoff (an integer)"},
    {G::RuleSDesc, R::SDesc, false, "s-desc", "s-desc (a 64-bit register)"},
    {G::RuleDTmem, R::DTmem, false, "[d-tmem]",
     "[d-tmem] (a tensor memory address in brackets)"},
    {G::RuleAOperand, std::nullopt, true, "a-desc or [a-tmem]",
     "a-desc (a 64-bit register) or [a-tmem] (an address in brackets)"},
    {G::RuleATmem, R::ATmem, false, "[a-tmem]",
     "[a-tmem] (an address in brackets)"},
    {G::RuleADesc, R::ADesc, false, "a-desc", "a-desc (a 64-bit register)"},
    {G::RuleBDesc, R::BDesc, false, "b-desc", "b-desc (a 64-bit register)"},
    {G::RuleSpMetaTmem, R::SpMetaTmem, false, "[sp-meta-tmem]",
     "[sp-meta-tmem] (an address in brackets)"},
    {G::RuleIdesc, R::IDesc, false, "idesc",
     "idesc (a 32-bit register or integer)"},
    {G::RuleMmaTail, std::nullopt, true, "the operands after idesc",
     "[scale-A-tmem], { disable-output-lane } or enable-input-d"},
    {G::RuleScaleATmem, R::ScaleATmem, false, "[scale-A-tmem]",
     "[scale-A-tmem] (an address in brackets)"},
    {G::RuleScaleBTmem, R::ScaleBTmem, false, "[scale-B-tmem]",
     "[scale-B-tmem] (an address in brackets)"},
    {G::RuleDisableOutputLane, R::DisableOutputLane, false,
     "{ disable-output-lane }",
     "{ disable-output-lane } (a brace-enclosed vector of registers)"},
    {G::RuleEnableInputD, R::EnableInputD, false, "enable-input-d",
     "enable-input-d (a predicate)"},
    {G::RuleScaleInputD, R::ScaleInputD, false, "scale-input-d",
     "scale-input-d (an integer)"},
    {G::RuleExtraImm, R::ExtraImm, false, "extra-imm",
     "an integer (ptxas takes one after scale-input-d)"},
    {G::RuleZeroColumnMaskDesc, R::ZeroColMask, false, "zero-column-mask-desc",
     "zero-column-mask-desc (a 64-bit register)"},
    {G::RuleMbar, R::MBar, false, "[mbar]",
     "[mbar] (a shared memory address in brackets)"},
    {G::RuleCtaMask, R::CtaMask, false, "ctaMask",
     "ctaMask (a 16-bit register)"},
};

} // namespace

const OperandRule *syntax::findOperandRule(size_t Rule) {
  for (const OperandRule &O : OperandRules)
    if (O.Rule == Rule)
      return &O;
  return nullptr;
}

bool syntax::isNameWord(size_t T) {
  // The lexer lists the name words (generated from Tcgen05Forms.def) right
  // after TCGEN05 and before QUALIFIER.
  return T > G::TCGEN05 && T < G::QUALIFIER && T != G::SP;
}

bool syntax::isDottedWord(size_t T) {
  // The lexer lists every dotted word between TCGEN05 and REGISTER.
  return T > G::TCGEN05 && T < G::REGISTER;
}

SpelledInstruction syntax::spelledInstruction(antlr4::TokenStream &Tokens) {
  SpelledInstruction S;
  S.Name = "tcgen05";
  antlr4::Token *Name = Tokens.size() > 1 ? Tokens.get(1) : nullptr;
  if (!Name || !isNameWord(Name->getType()) || Name->getType() == G::RED ||
      Name->getType() == G::WS)
    return S;
  size_t Type = Name->getType();
  if (Type == G::WAIT_OTHER || Type == G::FENCE_OTHER) {
    // '.wait::x' or '.fence' still names the instruction, not the form.
    S.Name += llvm::StringRef(Name->getText()).split("::").first.str();
    for (const Tcgen05FormSpelling &F : tcgen05FormSpellings())
      if (F.Spelling.starts_with(S.Name + "::")) {
        S.Form = static_cast<Tcgen05Form>(&F - tcgen05FormSpellings().data());
        S.WholeInstruction = true;
        break;
      }
    return S;
  }
  S.Name += Name->getText();
  size_t Next = Tokens.size() > 2 ? Tokens.get(2)->getType() : 0;
  bool Sparse = false;
  for (size_t I = 2;
       I < Tokens.size() && isDottedWord(Tokens.get(I)->getType()); ++I)
    Sparse |= Tokens.get(I)->getType() == G::SP;
  if (Type == G::LD && Next == G::RED)
    S.Name += ".red";
  if (Type == G::MMA) {
    if (Next == G::WS)
      S.Name += ".ws";
    if (Sparse)
      S.Name += ".sp";
  }
  S.Form = tcgen05FormOfSpelling(S.Name);
  return S;
}

std::string syntax::instructionList() {
  std::string List;
  for (const Tcgen05FormSpelling &F : tcgen05FormSpellings()) {
    if (!List.empty())
      List += ", ";
    List += F.Spelling;
  }
  return List;
}

std::mutex &tcgen05::syntax::generatedParserLock() {
  // The companion of the generated parser's own static caches: one per
  // process, as they are.
  static std::mutex Lock;
  return Lock;
}
