//===- DescriptorCheck.cpp - Descriptor values of tcgen05.mma -------------===//

#include "tcgen05/Sema/DescriptorCheck.h"

#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Descriptors/InstrDesc.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

/// "0x08200490", with unknown bits shown as such.
std::string describeValue(const KnownBits &B) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format_hex(static_cast<uint32_t>(B.One), 10);
  uint32_t Unknown = ~static_cast<uint32_t>(B.known());
  if (Unknown)
    OS << " (bits " << llvm::format_hex(Unknown, 10) << " unknown)";
  return OS.str();
}

} // namespace

void tcgen05::checkDescriptors(const Module &M, const Function &F,
                               DiagnosticSink &Sink) {
  // Which instructions carry an instruction descriptor, and its operand.
  llvm::DenseMap<uint32_t, std::pair<const Tcgen05Inst *, const Operand *>>
      Uses;
  for (const Tcgen05Inst &T : F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Mma)
      continue;
    for (uint32_t K = 0; K < T.NumOperands; ++K) {
      const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
      if (O.Role == Tcgen05OperandRole::IDesc)
        Uses[T.Instruction] = {&T, &F.Operands[O.Operand]};
    }
  }
  if (Uses.empty())
    return;
  runKnownBits(F, [&](uint32_t Inst, const KnownBitsState &S) {
    auto It = Uses.find(Inst);
    if (It == Uses.end())
      return;
    const Tcgen05Inst &T = *It->second.first;
    const Operand &Desc = *It->second.second;
    RegisterFact Fact = S.operandFact(F, Desc);
    uint32_t Known = static_cast<uint32_t>(Fact.Bits.known());
    if (!Known)
      return;
    IdescUse Use;
    Use.Target = M.EffectiveTarget;
    for (uint32_t K = 0; K < T.NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q = F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K];
      llvm::StringRef W = F.Qualifiers[Q.Qualifier].text();
      switch (Q.Class) {
      case Tcgen05QualClass::Kind:
        Use.Kind = lookupIdescKind(W);
        break;
      case Tcgen05QualClass::Variant:
        Use.Sparse |= W == ".sp";
        Use.Ws |= W == ".ws";
        break;
      case Tcgen05QualClass::CtaGroup:
        Use.CtaGroup = W == ".cta_group::2" ? 2 : 1;
        break;
      case Tcgen05QualClass::Ashift:
        Use.Ashift = true;
        break;
      default:
        break;
      }
    }
    if (!Use.Kind)
      return;
    uint32_t Value = static_cast<uint32_t>(Fact.Bits.One);
    for (const IdescFinding &Finding : checkIdesc(Value, Known, Use)) {
      Diagnostic &D = Sink.report(
          Finding.Warning ? DiagID::warn_idesc_reserved : DiagID::err_idesc,
          Desc.Src.range(),
          {describeValue(Fact.Bits), Finding.Message});
      D.note(DiagID::note_idesc_decoded, {},
             {Use.Kind->Kind.str(), describeIdesc(Value, Known, *Use.Kind)});
      if (Fact.DefInst != RegisterFact::NoDef)
        D.note(DiagID::note_idesc_defined_here,
               F.Instructions[Fact.DefInst].Src.range());
      D.note(DiagID::note_cite, {}, {"9.7.16.4.2, Tables 42-44; Table 39"});
    }
  });
}
