//===- DescriptorCheck.cpp - Descriptor values of tcgen05.mma -------------===//

#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Lint/DescriptorCheck.h"

#include "tcgen05/Analysis/AnalysisStats.h"
#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Descriptors/DescriptorRules.h"
#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/MatrixDesc.h"

#include "llvm/ADT/Hashing.h"

#include <array>

using namespace tcgen05;

namespace {

/// The descriptor operands of one tcgen05 instruction.
struct DescUses {
  const Tcgen05Inst *Inst = nullptr;
  const Operand *IDesc = nullptr;
  llvm::SmallVector<std::pair<Tcgen05OperandRole, const Operand *>, 3> Smem;
  const Operand *Zcm = nullptr;
  bool ATmem = false;
};

IdescUse idescUse(const std::optional<TargetInfo> &Target, const Function &F,
                  const Tcgen05Inst &T) {
  IdescUse Use;
  Use.Target = Target;
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

/// The descriptor operands of F's MMAs and copies, by instruction.
llvm::DenseMap<uint32_t, DescUses> descUses(const Function &F) {
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
      case Tcgen05OperandRole::ATmem:
        U.ATmem = true;
        break;
      default:
        break;
      }
    }
    Uses[T.Instruction] = U;
  }
  return Uses;
}

/// The descriptor encoding of addresses and offsets is '>> 4' of a
/// 16-byte aligned value (PTX ISA 9.7.16.4.1): known 1 bits shifted out
/// mean it was not.  The known-bits analysis marks such values and carries
/// the mark into the descriptor built from them (TC4026).
bool shiftsOutSetBits(Opcode Op, const llvm::KnownBits &A,
                      const llvm::KnownBits &N) {
  return Op == Opcode::Shr && N.isConstant() &&
         N.getConstant().getZExtValue() == 4 && (A.One.getZExtValue() & 0xF);
}

/// Runs the known-bits analysis of F to every instruction of Uses.
KnownBitsOutcome visitUses(
    const Function &F, const llvm::DenseMap<uint32_t, DescUses> &Uses,
    FunctionAnalyses *Shared,
    llvm::function_ref<void(const DescUses &, const KnownBitsState &)> Visit) {
  // Immediates need no analysis; registers are the roots to follow.
  llvm::SmallVector<llvm::StringRef, 16> Roots;
  auto AddRoot = [&](const Operand *O) {
    if (O &&
        (O->Kind == OperandKind::Register || O->Kind == OperandKind::Symbol))
      Roots.push_back(O->text());
  };
  llvm::SmallVector<uint32_t, 16> Sites;
  for (auto &[Inst, U] : Uses) {
    AddRoot(U.IDesc);
    AddRoot(U.Zcm);
    for (const auto &RO : U.Smem)
      AddRoot(RO.second);
    Sites.push_back(Inst);
  }
  llvm::sort(Sites);
  return runKnownBits(
      F, Roots, Sites,
      [&](uint32_t Inst, const KnownBitsState &S) {
        Visit(Uses.find(Inst)->second, S);
      },
      /*Budget=*/0, Shared, shiftsOutSetBits);
}

DescriptorSite site(const Function &F, const DescUses &U, const Operand &Op,
                    Tcgen05OperandRole Role, DescriptorKind Kind,
                    const IdescUse &Use, const KnownBitsState &S) {
  RegisterFact Fact = S.operandFact(F, Op);
  uint64_t Mask = descBits(Kind) == 64 ? ~0ull : 0xFFFFFFFFull;
  return {
      U.Inst->Instruction, Fact.DefInst,        Fact.Marked, Kind, Role, &Op,
      Fact.one() & Mask,   Fact.known() & Mask, Use};
}

/// The sites of one instruction: the instruction descriptor first, its M
/// and transposes then given to the others.
void addSites(const std::optional<TargetInfo> &Target, const Function &F,
              const DescUses &U, const KnownBitsState &S,
              std::vector<DescriptorSite> &Out) {
  IdescUse Use = idescUse(Target, F, *U.Inst);
  Use.ATmem = U.ATmem;
  std::optional<bool> Transpose[2];
  if (U.IDesc && Use.Kind) {
    DescriptorSite I = site(F, U, *U.IDesc, Tcgen05OperandRole::IDesc,
                            DescriptorKind::Instr, Use, S);
    auto Known = [&](llvm::StringRef Name) -> std::optional<uint64_t> {
      const DescField *Fld =
          findDescField(DescriptorKind::Instr, Use.Kind->Layout, Name);
      if (!Fld || (I.Known & Fld->mask()) != Fld->mask())
        return std::nullopt;
      return Fld->quantity(I.Value);
    };
    Use.M = static_cast<unsigned>(Known("m").value_or(0));
    for (int Which : {0, 1})
      if (auto X = Known(Which ? "transpose_b" : "transpose_a"))
        Transpose[Which] = *X != 0;
    Out.push_back(I);
  }
  for (const auto &[Role, Op] : U.Smem) {
    IdescUse SmemUse = Use;
    if (Role != Tcgen05OperandRole::SDesc)
      SmemUse.Transposed = Transpose[Role == Tcgen05OperandRole::BDesc];
    Out.push_back(site(F, U, *Op, Role, DescriptorKind::Smem, SmemUse, S));
  }
  if (U.Zcm)
    Out.push_back(site(F, U, *U.Zcm, Tcgen05OperandRole::ZeroColMask,
                       DescriptorKind::Zcm, Use, S));
}

/// The rule table's verdicts on the descriptor values of one function.
/// Kernels read one descriptor value at many sites (every k-block of a
/// GEMM loop): the table is run once per value and use.
class FindingsCache {
public:
  const std::vector<IdescFinding> &findings(const DescriptorSite &D) {
    size_t Hash = hashOf(D);
    for (const Entry &E : Buckets[Hash % NumBuckets])
      if (E.Hash == Hash && same(E.Site, D))
        return E.Findings;
    Entry &E = Buckets[Hash % NumBuckets].emplace_back();
    E.Hash = Hash;
    E.Site = D;
    E.Findings = checkDescriptor(D.Kind, D.Value, D.Known, D.Use);
    return E.Findings;
  }

private:
  struct Entry {
    size_t Hash;
    DescriptorSite Site;
    std::vector<IdescFinding> Findings;
  };
  static constexpr size_t NumBuckets = 64;

  static size_t hashOf(const DescriptorSite &D) {
    return llvm::hash_combine(D.Kind, D.Value, D.Known, D.Use);
  }
  static bool same(const DescriptorSite &A, const DescriptorSite &B) {
    return A.Kind == B.Kind && A.Value == B.Value && A.Known == B.Known &&
           A.Use == B.Use;
  }

  std::array<std::vector<Entry>, NumBuckets> Buckets;
};

/// The findings of one site, with the decoded value, where it was set and
/// the rule's section as notes.
void reportSite(const Function &F, const DescriptorSite &D,
                FindingsCache &Cache, DiagnosticSink &Sink) {
  auto Where = [&](Diagnostic &Diag, llvm::StringRef Section) {
    if (D.Def != DescriptorSite::NoDef)
      Diag.note(DiagID::note_idesc_defined_here,
                F.Instructions[D.Def].src().range());
    Diag.note(DiagID::note_cite, {}, {Section.str()});
  };
  if (D.Misaligned != DescriptorSite::NoDef) {
    Diagnostic &Diag =
        Sink.report(DiagID::err_smem_misaligned, D.Op->src().range(),
                    {describeDescriptorValue(D.Value, D.Known, 64)});
    Diag.note(DiagID::note_desc_misaligned_here,
              F.Instructions[D.Misaligned].src().range());
    Diag.note(DiagID::note_cite, {}, {"9.7.16.4.1"});
  }
  if (!D.Known)
    return;
  for (const IdescFinding &Finding : Cache.findings(D)) {
    Diagnostic &Diag =
        Sink.report(Finding.ID, D.Op->src().range(), Finding.Args);
    if (D.Kind == DescriptorKind::Instr)
      Diag.note(DiagID::note_idesc_decoded, {},
                {D.Use.Kind->Kind.str(),
                 describeIdesc(static_cast<uint32_t>(D.Value),
                               static_cast<uint32_t>(D.Known), *D.Use.Kind)});
    else
      Diag.note(DiagID::note_desc_decoded, {},
                {describeMatrixDesc(D.Kind, D.Value, D.Known)});
    Where(Diag, Finding.Rule->Section);
  }
}

/// TC4100-TC4102: where the analysis of F stopped short, and what that
/// costs.
void remarkIncomplete(const Function &F, const KnownBitsOutcome &Outcome,
                      DiagnosticSink &Sink) {
  std::string Name = readableFunctionName(F.Name.text());
  if (Outcome.Status == KnownBitsOutcome::BudgetExceeded)
    Sink.report(DiagID::remark_descriptor_analysis_budget, F.Name.range(),
                {Name, Outcome.Budget});
  for (const UnmodelledConstruct &U : Outcome.Unmodelled)
    Sink.report(U.Kind == UnmodelledConstruct::UnresolvedTarget
                    ? DiagID::remark_descriptor_analysis_branch
                    : DiagID::remark_descriptor_analysis_call,
                F.Instructions[U.Inst].src().range(), {Name});
}

} // namespace

std::vector<DescriptorSite> tcgen05::collectDescriptorSites(const Module &M,
                                                            const Function &F) {
  std::vector<DescriptorSite> Out;
  llvm::DenseMap<uint32_t, DescUses> Uses = descUses(F);
  if (!Uses.empty())
    visitUses(F, Uses, nullptr,
              [&](const DescUses &U, const KnownBitsState &S) {
                addSites(M.EffectiveTarget, F, U, S, Out);
              });
  return Out;
}

void tcgen05::checkDescriptors(const Module &M, const Function &F,
                               DiagnosticSink &Sink,
                               const DescriptorCheckOptions &Opts,
                               AnalysisStats *Stats, FunctionAnalyses *Shared) {
  llvm::DenseMap<uint32_t, DescUses> Uses = descUses(F);
  if (Uses.empty())
    return;
  FindingsCache Cache;
  // A body analysed while the module pass goes on reads the target as of
  // the body, which its analyses were given.
  const std::optional<TargetInfo> &Target =
      Shared ? Shared->env().Target : M.EffectiveTarget;
  KnownBitsOutcome Outcome = visitUses(
      F, Uses, Shared, [&](const DescUses &U, const KnownBitsState &S) {
        std::vector<DescriptorSite> Sites;
        addSites(Target, F, U, S, Sites);
        for (const DescriptorSite &D : Sites) {
          if (Stats)
            Stats->countDescriptor(D.Known, descBits(D.Kind));
          reportSite(F, D, Cache, Sink);
        }
      });
  bool Incomplete = Outcome.Status != KnownBitsOutcome::Complete ||
                    !Outcome.Unmodelled.empty();
  if (Stats && Incomplete)
    ++Stats->FunctionsIncomplete;
  if (Opts.RemarkIncompleteAnalysis && Incomplete)
    remarkIncomplete(F, Outcome, Sink);
}
