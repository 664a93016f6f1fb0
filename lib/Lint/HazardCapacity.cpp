//===- HazardCapacity.cpp - Tensor Memory a warp holds --------------------===//
//
// A CTA has 512 columns of Tensor Memory (PTX ISA 9.7.16.1), and
// tcgen05.alloc waits until the columns it asks for are free (9.7.16.7.1).
// A warp that asks for more than are left beside those it holds itself
// waits for a dealloc it will never reach.  The columns each warp holds are
// followed along the paths that warp may take (WarpRoles), a lower bound
// (held on every path) and an upper one (on some path).  Another warp's
// dealloc could end the wait, unless it lies past more phases of a barrier
// of every thread than the waiting warp can have arrived at (BarrierPhases):
// each phase needs the waiting warp too.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

#include <array>

using namespace tcgen05;

namespace {

constexpr unsigned Capacity = 512;
/// Bounds stop growing at the capacity: a warp that holds it already
/// overflows with any allocation, and a loop's rounds stay few.
constexpr unsigned Ceiling = Capacity;
constexpr unsigned Pairs = 64;

/// The columns each pair (bit R * 32 + W of Reached) holds.
struct Held {
  uint64_t Reached = 0;
  std::array<uint16_t, Pairs> Lo{}, Hi{};

  /// Joins In's pairs that Pass lets through; whether anything changed.
  bool join(const Held &In, uint64_t Pass) {
    bool Changed = false;
    for (uint64_t M = In.Reached & Pass; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      if (!(Reached >> P & 1)) {
        Reached |= uint64_t(1) << P;
        Lo[P] = In.Lo[P];
        Hi[P] = In.Hi[P];
        Changed = true;
        continue;
      }
      if (In.Lo[P] < Lo[P] || In.Hi[P] > Hi[P]) {
        Lo[P] = std::min(Lo[P], In.Lo[P]);
        Hi[P] = std::max(Hi[P], In.Hi[P]);
        Changed = true;
      }
    }
    return Changed;
  }
};

class CapacityCheck {
public:
  CapacityCheck(const HazardContext &C)
      : C(C), Roles(C.roles()), NCols(knownNCols(C)) {}

  /// Solves the columns held at each block's entry; false past the budget.
  bool solve();
  void report(llvm::ArrayRef<uint32_t> Allocs);

private:
  /// What alloc or dealloc I does to S; Visit sees an alloc first.
  template <typename Fn> void transfer(uint32_t I, Held &S, Fn &&Visit) const;
  template <typename Fn>
  void run(const CFGBlock &B, Held &S, Fn &&Visit) const {
    for (uint32_t I = B.FirstInst; I < B.EndInst; ++I)
      if (C.isOpcode(I, Tcgen05Opcode::Alloc) ||
          C.isOpcode(I, Tcgen05Opcode::Dealloc))
        transfer(I, S, Visit);
  }
  /// The columns an alloc or dealloc names: its known value, else the
  /// least an alloc can take and the most a dealloc can free.
  unsigned columns(uint32_t I, bool Alloc) const {
    std::optional<uint64_t> N = NCols.lookup(I);
    if (N && *N <= Capacity)
      return unsigned(*N);
    return Alloc ? 32 : Capacity;
  }
  /// Whether another warp of pair P's CTA may free what P allocated at A
  /// while P waits there: some dealloc of it that does not run after A.
  bool freedByOthers(unsigned P, uint32_t A) const {
    const BarrierPhases &Phases = C.phases();
    for (uint32_t D : Deallocs) {
      WarpSet May = Roles.atInstruction(D);
      for (uint32_t W = May.Warps[P / 32]; W; W &= W - 1) {
        unsigned Q = P / 32 * 32 + llvm::countr_zero(W);
        if (Q != P && !Phases.ordered(A, P, D, Q))
          return true;
      }
    }
    return false;
  }

  const HazardContext &C;
  const WarpRoles &Roles;
  const llvm::DenseMap<uint32_t, std::optional<uint64_t>> &NCols;
  std::vector<Held> In;
  std::vector<uint32_t> Deallocs;
};

template <typename Fn>
void CapacityCheck::transfer(uint32_t I, Held &S, Fn &&Visit) const {
  bool Alloc = C.isOpcode(I, Tcgen05Opcode::Alloc);
  uint64_t May = pairMask(Roles.atInstruction(I)) & S.Reached;
  unsigned N = columns(I, Alloc);
  if (Alloc)
    Visit(I, S, May, N);
  // A guarded alloc may not run: the lower bound stays.  A dealloc frees
  // in both bounds, which keeps the upper one from counting a path where
  // its guard fails.
  bool Certain = !C.F.Instructions[I].guarded();
  for (uint64_t M = May; M; M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    if (Alloc) {
      S.Hi[P] = uint16_t(std::min(S.Hi[P] + N, Ceiling));
      if (Certain)
        S.Lo[P] = uint16_t(std::min(S.Lo[P] + N, Ceiling));
    } else {
      S.Hi[P] = uint16_t(S.Hi[P] > N ? S.Hi[P] - N : 0);
      S.Lo[P] = uint16_t(S.Lo[P] > N ? S.Lo[P] - N : 0);
    }
  }
}

bool CapacityCheck::solve() {
  for (const Tcgen05Inst &T : C.F.Tcgen05)
    if (T.Opcode == Tcgen05Opcode::Dealloc)
      Deallocs.push_back(T.Instruction);
  auto Ignore = [](uint32_t, const Held &, uint64_t, unsigned) {};
  return solvePairFlow(C, In,
                       [&](const CFGBlock &B, Held &S) { run(B, S, Ignore); });
}

void CapacityCheck::report(llvm::ArrayRef<uint32_t> Allocs) {
  for (uint32_t A : Allocs) {
    const CFGBlock &B = C.G.blockOf(A);
    Held S = In[B.Number];
    // The state on the way into A: the block's allocs and deallocs before.
    uint64_t May = 0;
    unsigned N = 0;
    Held At;
    run(B, S, [&](uint32_t I, const Held &Now, uint64_t M, unsigned Cols) {
      if (I != A || At.Reached)
        return;
      At = Now;
      May = M;
      N = Cols;
    });
    if (!May)
      continue;
    // Each pair judged must hold its columns alone; the error needs every
    // pair that may get here over the capacity on each of its paths.
    bool Every = true;
    uint64_t Over = 0;
    unsigned EveryHeld = ~0u, SomeHeld = ~0u;
    for (uint64_t M = May; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      bool Judged = !freedByOthers(P, A);
      Every &= Judged && At.Lo[P] + N > Capacity;
      EveryHeld = std::min<unsigned>(EveryHeld, At.Lo[P]);
      if (Judged && At.Hi[P] + N > Capacity) {
        Over |= uint64_t(1) << P;
        SomeHeld = std::min<unsigned>(SomeHeld, At.Hi[P]);
      }
    }
    if (!Over)
      continue;
    unsigned Cols = Every ? EveryHeld : SomeHeld;
    uint64_t Named = Every ? May : Over;
    std::string Warps =
        warpsOfEachCta(WarpSet{{uint32_t(Named), uint32_t(Named >> 32)}});
    // The caret under nCols, the size that does not fit.
    DiagID ID = Every ? C.ID : DiagID::warn_hz_alloc_beyond_capacity_path;
    llvm::SmallVector<DiagArg, 4> Args{uint64_t(N), Warps, uint64_t(Cols),
                                       uint64_t(N + Cols)};
    const Operand *Size = C.operand(*C.tcgen05At(A), Tcgen05OperandRole::NCols);
    Diagnostic &D =
        Size ? C.reportAt(ID, *Size, Args) : C.reportAs(ID, A, Args);
    // The allocations the held columns may come from: those of the same
    // warp a path leads from to this one.
    unsigned P = llvm::countr_zero(Named);
    for (uint32_t Earlier : Allocs) {
      if (!((pairMask(Roles.atInstruction(Earlier)) >> P) & 1))
        continue;
      if (C.leadsTo(Earlier, A))
        C.note(D, DiagID::note_hz_still_held, Earlier,
               {uint64_t(columns(Earlier, true))});
    }
    C.cite(D);
  }
}

} // namespace

void tcgen05::checkAllocBeyondCapacity(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  std::vector<uint32_t> Allocs;
  for (const Tcgen05Inst &T : C.F.Tcgen05)
    if (T.Opcode == Tcgen05Opcode::Alloc)
      Allocs.push_back(T.Instruction);
  if (Allocs.empty())
    return;
  // One allocation holds columns when it runs again only if it runs every
  // round of a loop: unguarded, in a loop's header.  One behind a flag
  // runs once (CUTLASS's FMHA allocates on its loop's first tile).
  if (Allocs.size() == 1) {
    const CFGBlock &H = C.G.blockOf(Allocs[0]);
    bool EveryRound = !C.F.Instructions[Allocs[0]].guarded() &&
                      llvm::any_of(H.preds(), [&](const CFGBlock *P) {
                        return C.DT.dominates(&H, P);
                      });
    if (!EveryRound)
      return;
  }
  // A call could allocate or free for the kernel.
  if (!C.isWholeKernel())
    return;
  CapacityCheck Check(C);
  if (Check.solve())
    Check.report(Allocs);
}

// Reported by checkAllocBeyondCapacity, which tells the two apart.
void tcgen05::checkAllocBeyondCapacityPath(const HazardContext &) {}
