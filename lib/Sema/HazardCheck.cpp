//===- HazardCheck.cpp - Order and thread hazards of tcgen05 code ---------===//

#include "tcgen05/Sema/HazardCheck.h"

#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Analysis/Uniformity.h"
#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace tcgen05;

namespace {

/// What every lint sees of one function.
struct HazardContext {
  const Function &F;
  const ControlFlowGraph &G;
  const UniformityInfo &U;
  DiagnosticSink &Sink;
  DiagID ID;
  const char *Section;

  const Instruction &inst(const Tcgen05Inst &T) const {
    return F.Instructions[T.Instruction];
  }
  Diagnostic &report(uint32_t Inst, llvm::ArrayRef<DiagArg> Args) const {
    return Sink.report(ID, F.Instructions[Inst].Src.range(), Args);
  }
  void cite(Diagnostic &D) const { D.note(DiagID::note_cite, {}, {Section}); }
  /// The operand of T in Role, if T has one.
  const Operand *operand(const Tcgen05Inst &T, Tcgen05OperandRole Role) const {
    for (uint32_t K = 0; K < T.NumOperands; ++K) {
      const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
      if (O.Role == Role)
        return &F.Operands[O.Operand];
    }
    return nullptr;
  }
  bool hasClass(const Tcgen05Inst &T, Tcgen05QualClass C) const {
    for (uint32_t K = 0; K < T.NumQualifiers; ++K)
      if (F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K].Class == C)
        return true;
    return false;
  }
  /// Calls Each with every instruction some path reaches after From.
  template <typename Fn> void forEachReachable(uint32_t From, Fn &&Each) const {
    const CFGBlock &Start = G.blockOf(From);
    for (uint32_t I = From + 1; I < Start.EndInst; ++I)
      Each(I);
    llvm::BitVector Seen(G.size());
    llvm::SmallVector<const CFGBlock *, 16> Work(Start.Succs.begin(),
                                                 Start.Succs.end());
    while (!Work.empty()) {
      const CFGBlock *B = Work.pop_back_val();
      if (Seen.test(B->Number))
        continue;
      Seen.set(B->Number);
      for (uint32_t I = B->FirstInst; I < B->EndInst; ++I)
        Each(I);
      Work.append(B->Succs.begin(), B->Succs.end());
    }
  }
};

/// Operations one thread issues for the whole CTA (PTX ISA 9.7.16.5,
/// Table 46: "an issue from a single thread ... would initiate").
constexpr Tcgen05Opcode SingleIssue[] = {Tcgen05Opcode::Mma, Tcgen05Opcode::Cp,
                                         Tcgen05Opcode::Shift,
                                         Tcgen05Opcode::Commit};

void checkHZ09(const HazardContext &C) {
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!C.hasClass(T, Tcgen05QualClass::Aligned))
      continue;
    const Instruction &I = C.inst(T);
    bool GuardVaries = C.U.guard(T.Instruction) != ValueKind::Uniform;
    const CFGBlock &B = C.G.blockOf(T.Instruction);
    if (!GuardVaries && !C.U.isDivergent(B))
      continue;
    Diagnostic &D = C.report(T.Instruction, {tcgen05OpcodeName(T.Opcode)});
    if (GuardVaries)
      D.note(DiagID::note_hz_diverges_here, I.Pred.Src.range(), {});
    else if (uint32_t Branch = C.U.divergingBranch(B); Branch != ~0u)
      D.note(DiagID::note_hz_diverges_here, C.F.Instructions[Branch].Src.range(),
             {});
    C.cite(D);
  }
}

void checkHZ10(const HazardContext &C) {
  // A .func may be called from one thread; only a kernel's entry is known
  // to start with the whole warp.
  if (!C.F.IsEntry)
    return;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!llvm::is_contained(SingleIssue, T.Opcode) ||
        C.U.guard(T.Instruction) != ValueKind::Uniform ||
        C.U.isDivergent(C.G.blockOf(T.Instruction)) ||
        C.U.isSingleThreadInst(T.Instruction))
      continue;
    C.cite(C.report(T.Instruction, {tcgen05OpcodeName(T.Opcode)}));
  }
}

/// The instructions of F running Op.
std::vector<const Tcgen05Inst *> instsOf(const Function &F, Tcgen05Opcode Op) {
  std::vector<const Tcgen05Inst *> Out;
  for (const Tcgen05Inst &T : F.Tcgen05)
    if (T.Opcode == Op)
      Out.push_back(&T);
  return Out;
}

bool isOpcode(const Function &F, uint32_t I, Tcgen05Opcode Op) {
  uint32_t T = F.Instructions[I].Tcgen05;
  return T != Instruction::NoTcgen05 && F.Tcgen05[T].Opcode == Op;
}

/// Lifecycle lints judge kernels whose every path is in the body: a
/// callee could deallocate or allocate.
bool isWholeKernel(const HazardContext &C) {
  return C.F.IsEntry && C.G.calls().empty() && C.G.unmodelled().empty();
}

void checkHZ06(const HazardContext &C) {
  if (!isWholeKernel(C))
    return;
  for (const Tcgen05Inst *A : instsOf(C.F, Tcgen05Opcode::Alloc)) {
    bool Freed = false;
    C.forEachReachable(A->Instruction, [&](uint32_t I) {
      Freed |= isOpcode(C.F, I, Tcgen05Opcode::Dealloc);
    });
    if (!Freed)
      C.cite(C.report(A->Instruction, {C.F.Name.text()}));
  }
}

void checkHZ08(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  llvm::BitVector Reported(C.F.Instructions.size());
  for (const Tcgen05Inst *R : instsOf(C.F, Tcgen05Opcode::RelinquishAllocPermit))
    C.forEachReachable(R->Instruction, [&](uint32_t I) {
      if (!isOpcode(C.F, I, Tcgen05Opcode::Alloc) || Reported.test(I))
        return;
      Reported.set(I);
      Diagnostic &D = C.report(I, {});
      D.note(DiagID::note_hz_relinquished_here,
             C.F.Instructions[R->Instruction].Src.range(), {});
      C.cite(D);
    });
}

void checkHZ07(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  auto Allocs = instsOf(C.F, Tcgen05Opcode::Alloc);
  auto Deallocs = instsOf(C.F, Tcgen05Opcode::Dealloc);
  if (Allocs.empty() || Deallocs.empty())
    return;
  // nCols of every alloc and dealloc, when its bits are all known.
  std::vector<llvm::StringRef> Roots;
  std::vector<uint32_t> Sites;
  for (const auto *List : {&Allocs, &Deallocs})
    for (const Tcgen05Inst *T : *List) {
      if (const Operand *N = C.operand(*T, Tcgen05OperandRole::NCols))
        if (N->Kind == OperandKind::Register)
          Roots.push_back(N->text());
      Sites.push_back(T->Instruction);
    }
  llvm::sort(Sites);
  llvm::DenseMap<uint32_t, std::optional<uint64_t>> NCols;
  runKnownBits(C.F, Roots, Sites, [&](uint32_t I, const KnownBitsState &S) {
    const Tcgen05Inst &T = C.F.Tcgen05[C.F.Instructions[I].Tcgen05];
    const Operand *N = C.operand(T, Tcgen05OperandRole::NCols);
    if (!N)
      return;
    RegisterFact Fact = S.operandFact(C.F, *N);
    if ((Fact.known() & 0xffffffffu) == 0xffffffffu)
      NCols[I] = Fact.one() & 0xffffffffu;
  });
  // With allocations of one known size, a dealloc of another is wrong
  // whichever allocation it frees.
  std::optional<uint64_t> Size = NCols.lookup(Allocs.front()->Instruction);
  for (const Tcgen05Inst *A : Allocs)
    if (!Size || NCols.lookup(A->Instruction) != Size)
      return;
  for (const Tcgen05Inst *T : Deallocs) {
    std::optional<uint64_t> Freed = NCols.lookup(T->Instruction);
    if (!Freed || *Freed == *Size)
      continue;
    Diagnostic &D = C.report(T->Instruction, {*Freed, *Size});
    D.note(DiagID::note_hz_allocated_here,
           C.F.Instructions[Allocs.front()->Instruction].Src.range(), {*Size});
    C.cite(D);
  }
}

struct HazardLint {
  DiagID ID;
  const char *Section;
  void (*Check)(const HazardContext &);
};

constexpr HazardLint Lints[] = {
#define HAZARD(Id, Name, Code, Severity, Group, Section, Format)                \
  {DiagID::Name, Section, &check##Id},
#include "tcgen05/Basic/Hazards.def"
};

} // namespace

void tcgen05::checkHazards(const Function &F, DiagnosticSink &Sink) {
  if (F.Tcgen05.empty())
    return;
  ControlFlowGraph G(F);
  DominatorTree DT;
  DT.recalculate(G);
  PostDominatorTree PDT;
  PDT.recalculate(G);
  UniformityInfo U(F, G, DT, PDT);
  for (const HazardLint &L : Lints)
    L.Check(HazardContext{F, G, U, Sink, L.ID, L.Section});
}
