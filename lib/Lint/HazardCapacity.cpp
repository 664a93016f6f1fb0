//===- HazardCapacity.cpp - Tensor Memory a warp holds --------------------===//
//
// A CTA has 512 columns of Tensor Memory (PTX ISA 9.7.16.1), and
// tcgen05.alloc waits until the columns it asks for are free (9.7.16.7.1).
// A warp that asks for more than are left beside those it holds itself
// waits for a dealloc it will never reach.  The columns each warp holds are
// followed along the paths that warp may take (WarpRoles), a lower bound
// (held on every path) and an upper one (on some path).  Another warp's
// dealloc could end the wait, unless it lies past more phases of a barrier
// of every thread (the CTA's bar.sync with no thread count, the cluster's
// barrier.cluster) than the waiting warp can have arrived at: each phase
// needs the waiting warp too.
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
/// Arrivals at a barrier past which the upper bound is unbounded.
constexpr unsigned ManyArrivals = 16;

/// What the barriers of every thread count, per pair: arrivals at the
/// CTA's barrier (its waits too), at the cluster's, and the cluster's
/// waits.
enum Counter : unsigned { CtaArrived, ClusterArrived, ClusterWaited, Counters };

uint64_t maskOf(WarpSet S) { return S.Warps[0] | uint64_t(S.Warps[1]) << 32; }

/// The columns each pair (bit R * 32 + W of Reached) holds, and its
/// counters.
struct Held {
  uint64_t Reached = 0;
  std::array<uint16_t, Pairs> Lo{}, Hi{};
  std::array<std::array<uint8_t, Pairs>, Counters> CountLo{}, CountHi{};

  /// Joins In's pairs that Pass lets through; whether anything changed.
  bool join(const Held &In, uint64_t Pass) {
    bool Changed = false;
    for (uint64_t M = In.Reached & Pass; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      if (!(Reached >> P & 1)) {
        Reached |= uint64_t(1) << P;
        Lo[P] = In.Lo[P];
        Hi[P] = In.Hi[P];
        for (unsigned K = 0; K < Counters; ++K) {
          CountLo[K][P] = In.CountLo[K][P];
          CountHi[K][P] = In.CountHi[K][P];
        }
        Changed = true;
        continue;
      }
      if (In.Lo[P] < Lo[P] || In.Hi[P] > Hi[P]) {
        Lo[P] = std::min(Lo[P], In.Lo[P]);
        Hi[P] = std::max(Hi[P], In.Hi[P]);
        Changed = true;
      }
      for (unsigned K = 0; K < Counters; ++K)
        if (In.CountLo[K][P] < CountLo[K][P] ||
            In.CountHi[K][P] > CountHi[K][P]) {
          CountLo[K][P] = std::min(CountLo[K][P], In.CountLo[K][P]);
          CountHi[K][P] = std::max(CountHi[K][P], In.CountHi[K][P]);
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
          C.isOpcode(I, Tcgen05Opcode::Dealloc) || counter(I) != Counters)
        transfer(I, S, Visit);
  }
  /// Finds the CTA's barrier: the uses of a named barrier with no thread
  /// count, all of one number that no use with a count shares.
  void findCtaBarrier();
  /// The counter instruction I adds to, or Counters for none.
  Counter counter(uint32_t I) const {
    if (CtaBarrier.test(I))
      return CtaArrived;
    ThreadSync S = C.threadSync(I);
    if (S.Family != SyncFamily::Cluster)
      return Counters;
    return S.Acquires ? ClusterWaited : ClusterArrived;
  }
  /// The columns an alloc or dealloc names: its known value, else the
  /// least an alloc can take and the most a dealloc can free.
  unsigned columns(uint32_t I, bool Alloc) const {
    std::optional<uint64_t> N = NCols.lookup(I);
    if (N && *N <= Capacity)
      return unsigned(*N);
    return Alloc ? 32 : Capacity;
  }
  /// Whether another warp of pair P's CTA may free what P allocated while
  /// P waits in state At: some dealloc of it lies past no more phases of
  /// either barrier than P can have arrived at.
  bool freedByOthers(unsigned P, const Held &At) const {
    unsigned Base = P / 32 * 32;
    for (unsigned Q = Base; Q < Base + 32; ++Q)
      for (const Phases &F : Frees[Q])
        if (Q != P && F.Cta <= At.CountHi[CtaArrived][P] &&
            F.Cluster <= At.CountHi[ClusterArrived][P])
          return true;
    return false;
  }

  const HazardContext &C;
  const WarpRoles &Roles;
  const llvm::DenseMap<uint32_t, std::optional<uint64_t>> &NCols;
  std::vector<Held> In;
  /// The instructions that arrive at the CTA's barrier.
  llvm::BitVector CtaBarrier;
  /// The fewest phases of each barrier a pair has passed before one of
  /// its deallocs.
  struct Phases {
    uint8_t Cta, Cluster;
  };
  std::array<llvm::SmallVector<Phases, 2>, Pairs> Frees;
};

template <typename Fn>
void CapacityCheck::transfer(uint32_t I, Held &S, Fn &&Visit) const {
  bool Alloc = C.isOpcode(I, Tcgen05Opcode::Alloc);
  uint64_t May = maskOf(Roles.atInstruction(I)) & S.Reached;
  Counter K = counter(I);
  unsigned N = K != Counters ? 0 : columns(I, Alloc);
  Visit(I, S, May, N);
  // A guarded alloc may not run: the lower bound stays.  A dealloc frees
  // in both bounds, which keeps the upper one from counting a path where
  // its guard fails.
  bool Certain = !C.F.Instructions[I].guarded();
  for (uint64_t M = May; M; M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    if (K != Counters) {
      S.CountHi[K][P] = uint8_t(std::min(S.CountHi[K][P] + 1u, ManyArrivals));
      if (Certain)
        S.CountLo[K][P] = uint8_t(std::min(S.CountLo[K][P] + 1u, ManyArrivals));
    } else if (Alloc) {
      S.Hi[P] = uint16_t(std::min(S.Hi[P] + N, Ceiling));
      if (Certain)
        S.Lo[P] = uint16_t(std::min(S.Lo[P] + N, Ceiling));
    } else {
      S.Hi[P] = uint16_t(S.Hi[P] > N ? S.Hi[P] - N : 0);
      S.Lo[P] = uint16_t(S.Lo[P] > N ? S.Lo[P] - N : 0);
    }
  }
}

void CapacityCheck::findCtaBarrier() {
  CtaBarrier.resize(C.F.Instructions.size());
  const std::optional<std::vector<NamedBarrierUse>> &Uses = namedBarrierUses(C);
  if (!Uses)
    return;
  std::optional<uint64_t> Id;
  for (const NamedBarrierUse &U : *Uses) {
    if (U.Count)
      continue;
    if (Id && *Id != *U.IdValue) {
      CtaBarrier.reset();
      return;
    }
    Id = U.IdValue;
    CtaBarrier.set(U.Inst);
  }
  // A use with a thread count completes a phase with fewer threads.
  if (Id && llvm::any_of(*Uses, [&](const NamedBarrierUse &U) {
        return U.Count && *U.IdValue == *Id;
      }))
    CtaBarrier.reset();
}

bool CapacityCheck::solve() {
  const ControlFlowGraph &G = C.G;
  findCtaBarrier();
  In.assign(G.size(), Held());
  In[G.front().Number].Reached = maskOf(Roles.at(G.front()));
  std::vector<uint32_t> Work{G.front().Number};
  llvm::BitVector Queued(G.size());
  Queued.set(G.front().Number);
  auto Ignore = [](uint32_t, const Held &, uint64_t, unsigned) {};

  while (!Work.empty()) {
    uint32_t N = Work.back();
    Work.pop_back();
    Queued.reset(N);
    const CFGBlock &B = G.block(N);
    if (!C.walkBudget(B.EndInst - B.FirstInst + 1))
      return false;
    Held S = In[N];
    run(B, S, Ignore);
    for (unsigned K = 0; K < B.succs().size(); ++K) {
      const CFGBlock &Succ = *B.succs()[K];
      uint64_t Pass = maskOf(Roles.passes(B, K)) & maskOf(Roles.at(Succ));
      if (In[Succ.Number].join(S, Pass) && !Queued.test(Succ.Number)) {
        Queued.set(Succ.Number);
        Work.push_back(Succ.Number);
      }
    }
  }
  // The fewest phases each pair passes before a dealloc it may execute.
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Dealloc)
      continue;
    const CFGBlock &B = G.blockOf(T.Instruction);
    Held S = In[B.Number];
    run(B, S, [&](uint32_t I, const Held &Now, uint64_t May, unsigned) {
      if (I != T.Instruction)
        return;
      for (uint64_t M = May; M; M &= M - 1) {
        unsigned P = llvm::countr_zero(M);
        Frees[P].push_back(
            {Now.CountLo[CtaArrived][P], Now.CountLo[ClusterWaited][P]});
      }
    });
  }
  return true;
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
      bool Judged = !freedByOthers(P, At);
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
    Diagnostic &D =
        Every ? C.report(
                    A, {uint64_t(N), Warps, uint64_t(Cols), uint64_t(N + Cols)})
              : C.reportAs(
                    DiagID::warn_hz_alloc_beyond_capacity_path, A,
                    {uint64_t(N), Warps, uint64_t(Cols), uint64_t(N + Cols)});
    // The allocations the held columns may come from: those of the same
    // warp a path leads from to this one.
    unsigned P = llvm::countr_zero(Named);
    for (uint32_t Earlier : Allocs) {
      if (!((maskOf(Roles.atInstruction(Earlier)) >> P) & 1))
        continue;
      if (C.leadsTo(Earlier, A))
        C.note(D, DiagID::note_hz_still_held, Earlier,
               {uint64_t(columns(Earlier, true)), Every ? "every" : "some"});
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
  // One allocation that no path runs twice holds nothing before it.
  if (Allocs.size() == 1 && !C.leadsTo(Allocs[0], Allocs[0]))
    return;
  // A call could allocate or free for the kernel.
  if (!C.isWholeKernel())
    return;
  CapacityCheck Check(C);
  if (Check.solve())
    Check.report(Allocs);
}

// Reported by checkAllocBeyondCapacity, which tells the two apart.
void tcgen05::checkAllocBeyondCapacityPath(const HazardContext &) {}
