//===- HazardLifecycle.cpp - Tensor Memory allocation lints ---------------===//
//
// Allocation, deallocation and the allocation permit of one kernel (PTX ISA
// 9.7.16.7.1): every allocation freed, freed with its own size, none after
// the permit is given up, none larger than the one before.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "tcgen05/Basic/Demangle.h"

#include "tcgen05/Analysis/KnownBits.h"

#include "llvm/ADT/DepthFirstIterator.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace tcgen05;

namespace {

/// The instructions of F running Op.
std::vector<const Tcgen05Inst *> instsOf(const Function &F, Tcgen05Opcode Op) {
  std::vector<const Tcgen05Inst *> Out;
  for (const Tcgen05Inst &T : F.Tcgen05)
    if (T.Opcode == Op)
      Out.push_back(&T);
  return Out;
}

/// Which instructions a path leads to from another, found a block at a
/// time: the blocks some path enters after leaving a block (or, backward,
/// before entering it), kept per block.  A walk per pair of instructions
/// was cubic in a kernel of many allocations.  Each block's set is charged
/// to the walk budget; once it is spent, reaches() has no answer.
class Reachability {
public:
  explicit Reachability(const HazardContext &C) : C(C) {}

  /// Whether a path leads from instruction From to instruction To (after
  /// From ran), or nothing once the budget is spent.
  std::optional<bool> reaches(uint32_t From, uint32_t To) {
    const CFGBlock &FB = C.G.blockOf(From), &TB = C.G.blockOf(To);
    if (&FB == &TB && To > From)
      return true;
    const llvm::BitVector *After = blocksAfter(FB);
    if (!After)
      return std::nullopt;
    return After->test(TB.Number);
  }

private:
  const llvm::BitVector *blocksAfter(const CFGBlock &B) {
    auto [It, New] = After.try_emplace(B.Number);
    if (!New)
      return &It->second;
    if (!C.walkBudget(C.G.size())) {
      After.erase(It);
      return nullptr;
    }
    llvm::BitVector &Seen = It->second;
    Seen.resize(C.G.size());
    CFGBlockSet Set(Seen);
    for (const CFGBlock *S : B.succs())
      for (const CFGBlock *X : llvm::depth_first_ext(S, Set))
        (void)X;
    return &Seen;
  }

  const HazardContext &C;
  llvm::DenseMap<uint32_t, llvm::BitVector> After;
};

} // namespace

const llvm::DenseMap<uint32_t, std::optional<uint64_t>> &
tcgen05::knownNCols(const HazardContext &C) {
  if (C.Cache.NCols)
    return *C.Cache.NCols;
  auto &NCols = C.Cache.NCols.emplace();
  std::vector<llvm::StringRef> Roots;
  std::vector<uint32_t> Sites;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Alloc && T.Opcode != Tcgen05Opcode::Dealloc)
      continue;
    if (const Operand *N = C.operand(T, Tcgen05OperandRole::NCols))
      if (N->Kind == OperandKind::Register)
        Roots.push_back(N->text());
    Sites.push_back(T.Instruction);
  }
  if (Sites.empty())
    return NCols;
  runKnownBits(
      C.F, Roots, Sites,
      [&](uint32_t I, const KnownBitsState &S) {
        const Tcgen05Inst &T = *C.tcgen05At(I);
        const Operand *N = C.operand(T, Tcgen05OperandRole::NCols);
        if (!N)
          return;
        RegisterFact Fact = S.operandFact(C.F, *N);
        if ((Fact.known() & 0xffffffffu) == 0xffffffffu)
          NCols[I] = Fact.one() & 0xffffffffu;
      },
      /*Budget=*/0, &C.Fn.Shared);
  return NCols;
}

void tcgen05::checkAllocNeverFreed(const HazardContext &C) {
  if (!C.isWholeKernel())
    return;
  // Warps of different roles allocate and free (CUTLASS's FMHA allocates in
  // one warp, frees in another): a dealloc on a path parallel to the alloc
  // frees it too.  Only deallocs that always come before the alloc do not.
  auto Deallocs = instsOf(C.F, Tcgen05Opcode::Dealloc);
  Reachability Paths(C);
  for (const Tcgen05Inst *A : instsOf(C.F, Tcgen05Opcode::Alloc)) {
    // Past the budget an answer is unknown: the alloc counts as freed.
    if (!C.walkBudget(Deallocs.size()))
      break;
    bool Freed = llvm::any_of(Deallocs, [&](const Tcgen05Inst *D) {
      std::optional<bool> After = Paths.reaches(A->Instruction, D->Instruction);
      std::optional<bool> Before =
          Paths.reaches(D->Instruction, A->Instruction);
      return !After || !Before || *After || !*Before;
    });
    if (!Freed)
      C.cite(C.report(A->Instruction, {readableFunctionName(C.F.Name.text())}));
  }
}

void tcgen05::checkAllocAfterRelinquish(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  llvm::BitVector Reported(C.F.Instructions.size());
  for (const Tcgen05Inst *R :
       instsOf(C.F, Tcgen05Opcode::RelinquishAllocPermit))
    C.forEachReachable(R->Instruction, [&](uint32_t I) {
      if (!C.isOpcode(I, Tcgen05Opcode::Alloc) || Reported.test(I))
        return;
      Reported.set(I);
      Diagnostic &D = C.report(I, {});
      C.note(D, DiagID::note_hz_relinquished_here, R->Instruction);
      C.cite(D);
    });
}

void tcgen05::checkDeallocNcols(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  auto Allocs = instsOf(C.F, Tcgen05Opcode::Alloc);
  auto Deallocs = instsOf(C.F, Tcgen05Opcode::Dealloc);
  if (Allocs.empty() || Deallocs.empty())
    return;
  const auto &NCols = knownNCols(C);
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
    C.note(D, DiagID::note_hz_allocated_here, Allocs.front()->Instruction,
           {*Size});
    C.cite(D);
  }
}

void tcgen05::checkAllocGrows(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  auto Allocs = instsOf(C.F, Tcgen05Opcode::Alloc);
  if (Allocs.size() < 2)
    return;
  const auto &NCols = knownNCols(C);
  llvm::BitVector Reported(C.F.Instructions.size());
  Reachability Paths(C);
  for (const Tcgen05Inst *A : Allocs) {
    std::optional<uint64_t> First = NCols.lookup(A->Instruction);
    if (!First || !C.walkBudget(Allocs.size()))
      continue;
    for (const Tcgen05Inst *B : Allocs) {
      uint32_t I = B->Instruction;
      if (Reported.test(I) || Paths.reaches(A->Instruction, I) != true)
        continue;
      std::optional<uint64_t> Next = NCols.lookup(I);
      if (!Next || *Next <= *First)
        continue;
      Reported.set(I);
      Diagnostic &D = C.report(I, {*Next, *First});
      C.note(D, DiagID::note_hz_allocated_here, A->Instruction, {*First});
      C.cite(D);
    }
  }
}
