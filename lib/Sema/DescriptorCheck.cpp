//===- DescriptorCheck.cpp - Descriptor values of tcgen05.mma -------------===//

#include "tcgen05/Sema/DescriptorCheck.h"

#include "tcgen05/Analysis/AnalysisStats.h"
#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/MatrixDesc.h"

using namespace tcgen05;

namespace {

/// The descriptor operands of one tcgen05 instruction.
struct DescUses {
  const Tcgen05Inst *Inst = nullptr;
  const Operand *IDesc = nullptr;
  llvm::SmallVector<std::pair<Tcgen05OperandRole, const Operand *>, 3> Smem;
  const Operand *Zcm = nullptr;
};

IdescUse idescUse(const Module &M, const Function &F, const Tcgen05Inst &T) {
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
    case Tcgen05QualClass::ScaleVec:
      Use.ScaleVec = W;
      break;
    default:
      break;
    }
  }
  return Use;
}

void countDescriptors(const Function &F, const DescUses &U,
                      const KnownBitsState &S, AnalysisStats &Stats) {
  if (U.IDesc)
    Stats.countDescriptor(S.operandFact(F, *U.IDesc).known(), 32);
  for (const auto &RO : U.Smem)
    Stats.countDescriptor(S.operandFact(F, *RO.second).known(), 64);
  if (U.Zcm)
    Stats.countDescriptor(S.operandFact(F, *U.Zcm).known(), 64);
}

/// TC4100-TC4102: where the analysis of F stopped short, and what that
/// costs.
void remarkIncomplete(const Function &F, const KnownBitsOutcome &Outcome,
                      DiagnosticSink &Sink) {
  std::string Name = F.Name.text().str();
  if (Outcome.Status == KnownBitsOutcome::BudgetExceeded)
    Sink.report(DiagID::remark_descriptor_analysis_budget, F.Name.range(),
                {Name, Outcome.Budget});
  for (const UnmodelledConstruct &U : Outcome.Unmodelled)
    Sink.report(U.Kind == UnmodelledConstruct::UnresolvedTarget
                    ? DiagID::remark_descriptor_analysis_branch
                    : DiagID::remark_descriptor_analysis_call,
                F.Instructions[U.Inst].Src.range(), {Name});
}

} // namespace

void tcgen05::checkDescriptors(const Module &M, const Function &F,
                               DiagnosticSink &Sink,
                               const DescriptorCheckOptions &Opts,
                               AnalysisStats *Stats) {
  llvm::DenseMap<uint32_t, DescUses> Uses;
  for (const Tcgen05Inst &T : F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Mma && T.Opcode != Tcgen05Opcode::Cp)
      continue;
    DescUses U;
    U.Inst = &T;
    for (uint32_t K = 0; K < T.NumOperands; ++K) {
      const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
      const Operand *Op = &F.Operands[O.Operand];
      switch (O.Role) {
      case Tcgen05OperandRole::IDesc:
        U.IDesc = Op;
        break;
      case Tcgen05OperandRole::ADesc:
      case Tcgen05OperandRole::BDesc:
      case Tcgen05OperandRole::SDesc:
        U.Smem.push_back({O.Role, Op});
        break;
      case Tcgen05OperandRole::ZeroColMask:
        U.Zcm = Op;
        break;
      default:
        break;
      }
    }
    Uses[T.Instruction] = U;
  }
  if (Uses.empty())
    return;
  // Immediates need no analysis; registers are the roots to follow.
  llvm::SmallVector<llvm::StringRef, 16> Roots;
  auto AddRoot = [&](const Operand *O) {
    if (O && (O->Kind == OperandKind::Register || O->Kind == OperandKind::Symbol))
      Roots.push_back(O->text());
  };
  for (auto &[Inst, U] : Uses) {
    AddRoot(U.IDesc);
    AddRoot(U.Zcm);
    for (const auto &RO : U.Smem)
      AddRoot(RO.second);
  }
  llvm::SmallVector<uint32_t, 16> Sites;
  for (auto &[Inst, U] : Uses)
    Sites.push_back(Inst);
  llvm::sort(Sites);
  KnownBitsOutcome Outcome = runKnownBits(
      F, Roots, Sites, [&](uint32_t Inst, const KnownBitsState &S) {
    const DescUses &U = Uses.find(Inst)->second;
    if (Stats)
      countDescriptors(F, U, S, *Stats);
    const Tcgen05Inst &T = *U.Inst;
    auto Where = [&](Diagnostic &D, const RegisterFact &Fact,
                     llvm::StringRef Section) {
      if (Fact.DefInst != RegisterFact::NoDef)
        D.note(DiagID::note_idesc_defined_here,
               F.Instructions[Fact.DefInst].Src.range());
      D.note(DiagID::note_cite, {}, {Section.str()});
    };
    auto Value = [](const RegisterFact &Fact) {
      return describeDescriptorValue(Fact.one(), Fact.known(), 64);
    };
    IdescUse Use = idescUse(M, F, T);
    unsigned KnownM = 0;
    if (U.IDesc && Use.Kind) {
      RegisterFact Fact = S.operandFact(F, *U.IDesc);
      uint32_t Known = static_cast<uint32_t>(Fact.known());
      uint32_t Value = static_cast<uint32_t>(Fact.one());
      if (Known) {
        for (const IdescField &Fld : idescFields(Use.Kind->Layout))
          if (Fld.Name == "m" && (Known & Fld.mask()) == Fld.mask())
            KnownM = Fld.get(Value)
                     << (Use.Kind->Layout == IdescLayout::Dense ? 4 : 7);
        for (const IdescFinding &Finding : checkIdesc(Value, Known, Use)) {
          Diagnostic &D =
              Sink.report(Finding.ID, U.IDesc->Src.range(), Finding.Args);
          D.note(DiagID::note_idesc_decoded, {},
                 {Use.Kind->Kind.str(),
                  describeIdesc(Value, Known, *Use.Kind)});
          Where(D, Fact, "9.7.16.4.2, Tables 42-44; Table 39");
        }
      }
    }
    // Transposes and the shared memory swizzling mode (9.7.16.10.1): tf32
    // transposes only with 128-byte swizzling of 32-byte atoms (mode 1),
    // every other kind never with it.
    std::optional<uint32_t> Transpose[2];
    if (U.IDesc && Use.Kind) {
      RegisterFact Fact = S.operandFact(F, *U.IDesc);
      for (const IdescField &Fld : idescFields(Use.Kind->Layout))
        if ((Fld.Name == "transpose_a" || Fld.Name == "transpose_b") &&
            (Fact.known() & Fld.mask()) == Fld.mask())
          Transpose[Fld.Name == "transpose_b"] =
              Fld.get(static_cast<uint32_t>(Fact.one()));
    }
    for (const auto &[Role, Op] : U.Smem) {
      RegisterFact Fact = S.operandFact(F, *Op);
      if (Fact.Misaligned != RegisterFact::NoDef) {
        Diagnostic &D = Sink.report(DiagID::err_smem_misaligned,
                                    Op->Src.range(), {Value(Fact)});
        D.note(DiagID::note_desc_misaligned_here,
               F.Instructions[Fact.Misaligned].Src.range());
        D.note(DiagID::note_cite, {}, {"9.7.16.4.1"});
      }
      uint64_t Known = Fact.known();
      if (!Known)
        continue;
      int Which = Role == Tcgen05OperandRole::ADesc   ? 0
                  : Role == Tcgen05OperandRole::BDesc ? 1
                                                      : -1;
      constexpr uint64_t SwizzleMask = 7ull << 61;
      constexpr uint64_t AbsoluteBit = 1ull << 52;
      // The absolute leading-dimension mode is for K-major matrices only.
      if (Which >= 0 && Transpose[Which] && *Transpose[Which] &&
          (Known & AbsoluteBit) && (Fact.one() & AbsoluteBit)) {
        Diagnostic &D = Sink.report(DiagID::err_smem_absolute_transposed,
                                    Op->Src.range(), {Value(Fact)});
        Where(D, Fact, "9.7.16.4.1");
      }
      if (Which >= 0 && Transpose[Which] && *Transpose[Which] &&
          (Known & SwizzleMask) == SwizzleMask && Use.Kind) {
        bool Mode1 = ((Fact.one() & SwizzleMask) >> 61) == 1;
        bool Tf32 = Use.Kind->Kind == ".kind::tf32";
        if (Mode1 != Tf32) {
          Diagnostic &D =
              Tf32
                  ? Sink.report(DiagID::err_smem_tf32_swizzle, Op->Src.range(),
                                {Value(Fact)})
                  : Sink.report(DiagID::err_smem_transposed_swizzle,
                                Op->Src.range(), {Value(Fact), Use.Kind->Kind});
          Where(D, Fact, "9.7.16.10.1");
        }
      }
      for (const IdescFinding &Finding :
           checkSmemDesc(Fact.one(), Known, M.EffectiveTarget)) {
        Diagnostic &D = Sink.report(Finding.ID, Op->Src.range(), Finding.Args);
        D.note(DiagID::note_desc_decoded, {},
               {describeMatrixDesc(MatrixDescKind::Smem, Fact.one(), Known)});
        Where(D, Fact, "9.7.16.4.1, Tables 40, 41");
      }
    }
    if (U.Zcm) {
      RegisterFact Fact = S.operandFact(F, *U.Zcm);
      if (uint64_t Known = Fact.known()) {
        for (const IdescFinding &Finding :
             checkZeroColumnMask(Fact.one(), Known, KnownM)) {
          Diagnostic &D =
              Sink.report(Finding.ID, U.Zcm->Src.range(), Finding.Args);
          D.note(DiagID::note_desc_decoded, {},
                 {describeMatrixDesc(MatrixDescKind::Zcm, Fact.one(), Known)});
          Where(D, Fact, "9.7.16.4.3, Table 45");
        }
      }
    }
  });
  bool Incomplete = Outcome.Status != KnownBitsOutcome::Complete ||
                    !Outcome.Unmodelled.empty();
  if (Stats && Incomplete)
    ++Stats->FunctionsIncomplete;
  if (Opts.RemarkIncompleteAnalysis && Incomplete)
    remarkIncomplete(F, Outcome, Sink);
}
