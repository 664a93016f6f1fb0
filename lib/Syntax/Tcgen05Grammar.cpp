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

std::optional<Tcgen05QualClass> syntax::qualifierClassOfRule(size_t Rule) {
  using C = Tcgen05QualClass;
  switch (Rule) {
  case G::RuleSparsity:
    return C::Variant;
  case G::RuleCtaGroupQual:
    return C::CtaGroup;
  case G::RuleSyncQual:
    return C::Sync;
  case G::RuleAlignedQual:
    return C::Aligned;
  case G::RuleStateSpaceQual:
    return C::StateSpace;
  case G::RuleTypeQual:
    return C::Type;
  case G::RuleShapeQual:
    return C::Shape;
  case G::RuleNumQual:
    return C::Num;
  case G::RulePackQual:
    return C::Pack;
  case G::RuleRedOpQual:
    return C::RedOp;
  case G::RuleAbsQual:
    return C::Abs;
  case G::RuleNanQual:
    return C::NaN;
  case G::RuleKindQual:
    return C::Kind;
  case G::RuleBlockScaleQual:
    return C::BlockScale;
  case G::RuleScaleVecQual:
    return C::ScaleVec;
  case G::RuleCollectorQual:
    return C::Collector;
  case G::RuleAshiftQual:
    return C::Ashift;
  case G::RuleMulticastQual:
    return C::Multicast;
  case G::RuleDstFmtQual:
    return C::DstFmt;
  case G::RuleSrcFmtQual:
    return C::SrcFmt;
  case G::RuleDownQual:
    return C::Down;
  case G::RuleCompletionQual:
    return C::Completion;
  case G::RuleUnknownQual:
    return C::Unknown;
  default:
    return std::nullopt;
  }
}

bool syntax::isNameWord(size_t T) {
  switch (T) {
  case G::ALLOC:
  case G::DEALLOC:
  case G::RELINQUISH:
  case G::LD:
  case G::ST:
  case G::RED:
  case G::WAIT_LD:
  case G::WAIT_ST:
  case G::WAIT_OTHER:
  case G::CP:
  case G::SHIFT:
  case G::MMA:
  case G::WS:
  case G::FENCE_BEFORE:
  case G::FENCE_AFTER:
  case G::FENCE_OTHER:
  case G::COMMIT:
    return true;
  default:
    return false;
  }
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
  // A malformed '.wait::x' or '.fence::x' still names the instruction.
  if (Name->getType() == G::WAIT_OTHER)
    S.Name += ".wait";
  else if (Name->getType() == G::FENCE_OTHER)
    S.Name += ".fence";
  else
    S.Name += Name->getText();
  size_t Next = Tokens.size() > 2 ? Tokens.get(2)->getType() : 0;
  bool Sparse = false;
  for (size_t I = 2;
       I < Tokens.size() && isDottedWord(Tokens.get(I)->getType()); ++I)
    Sparse |= Tokens.get(I)->getType() == G::SP;
  switch (Name->getType()) {
  case G::ALLOC:
    S.Form = Tcgen05Form::Alloc;
    break;
  case G::DEALLOC:
    S.Form = Tcgen05Form::Dealloc;
    break;
  case G::RELINQUISH:
    S.Form = Tcgen05Form::RelinquishAllocPermit;
    break;
  case G::LD:
    S.Form = Next == G::RED ? Tcgen05Form::LdRed : Tcgen05Form::Ld;
    if (Next == G::RED)
      S.Name += ".red";
    break;
  case G::ST:
    S.Form = Tcgen05Form::St;
    break;
  case G::WAIT_LD:
  case G::WAIT_ST:
  case G::WAIT_OTHER:
    S.Form = Tcgen05Form::Wait;
    break;
  case G::CP:
    S.Form = Tcgen05Form::Cp;
    break;
  case G::SHIFT:
    S.Form = Tcgen05Form::Shift;
    break;
  case G::MMA:
    if (Next == G::WS) {
      S.Name += ".ws";
      S.Form = Sparse ? Tcgen05Form::MmaWsSp : Tcgen05Form::MmaWs;
    } else {
      S.Form = Sparse ? Tcgen05Form::MmaSp : Tcgen05Form::Mma;
    }
    if (Sparse)
      S.Name += ".sp";
    break;
  case G::FENCE_BEFORE:
  case G::FENCE_AFTER:
  case G::FENCE_OTHER:
    S.Form = Tcgen05Form::Fence;
    break;
  case G::COMMIT:
    S.Form = Tcgen05Form::Commit;
    break;
  }
  return S;
}

std::mutex &tcgen05::syntax::generatedParserLock() {
  // The companion of the generated parser's own static caches: one per
  // process, as they are.
  static std::mutex Lock;
  return Lock;
}
