//===- HazardPhases.cpp - Phases of the barriers of every thread ----------===//
//
// The CTA's barrier and the cluster's complete a phase only when every
// thread that has not exited arrives: a warp that has passed its n-th
// phase runs after every other warp's n-th arrival.  Counting each warp's
// arrivals and waits along the paths it may take orders instructions of
// different warps without a model of what they exchange.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

namespace {

/// Counts past which the upper bound is unbounded (and a loop's rounds
/// stay few).
constexpr unsigned ManyPhases = 16;

} // namespace

const BarrierPhases &HazardFunction::phases() const {
  if (!Cache.Phases)
    Cache.Phases = std::make_unique<BarrierPhases>(*this);
  return *Cache.Phases;
}

bool BarrierPhases::Bounds::join(const Bounds &From, uint64_t Pass) {
  bool Changed = false;
  for (uint64_t M = From.Reached & Pass; M; M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    bool New = !(Reached >> P & 1);
    Reached |= uint64_t(1) << P;
    for (unsigned K = 0; K < Counters; ++K) {
      if (New || From.Lo[K][P] < Lo[K][P]) {
        Lo[K][P] = From.Lo[K][P];
        Changed = true;
      }
      if (New || From.Hi[K][P] > Hi[K][P]) {
        Hi[K][P] = From.Hi[K][P];
        Changed = true;
      }
    }
  }
  return Changed;
}

BarrierPhases::Counter BarrierPhases::counter(uint32_t I) const {
  if (CtaBarrier.test(I))
    return CtaArrived;
  ThreadSync S = C.threadSync(I);
  if (S.Family != SyncFamily::Cluster)
    return Counters;
  return S.Acquires ? ClusterWaited : ClusterArrived;
}

void BarrierPhases::step(uint32_t I, Bounds &S) const {
  Counter K = counter(I);
  if (K == Counters)
    return;
  const WarpRoles &Roles = C.roles();
  // A guarded arrival may not happen: the lower bound stays.
  bool Certain = !C.F.Instructions[I].guarded();
  for (uint64_t M = pairMask(Roles.atInstruction(I)) & S.Reached; M;
       M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    S.Hi[K][P] = uint8_t(std::min(S.Hi[K][P] + 1u, ManyPhases));
    if (Certain)
      S.Lo[K][P] = uint8_t(std::min(S.Lo[K][P] + 1u, ManyPhases));
  }
}

BarrierPhases::BarrierPhases(const HazardFunction &C) : C(C) {
  // The CTA's barrier: the uses of a named barrier with no thread count,
  // all of one number that no use with a count shares (one with a count
  // completes a phase with fewer threads).
  CtaBarrier.resize(C.F.Instructions.size());
  if (const auto &Uses = allNamedBarrierUses(C)) {
    std::optional<uint64_t> Id;
    bool One = true;
    for (const NamedBarrierUse &U : *Uses)
      if (!U.Count) {
        One &= U.IdValue && (!Id || *Id == *U.IdValue);
        Id = U.IdValue;
        CtaBarrier.set(U.Inst);
      }
    auto MayShare = [&](const NamedBarrierUse &U) {
      if (!U.Count)
        return false;
      if (U.IdValue)
        return *U.IdValue == *Id;
      // A number the known bits do not give may still be known for each
      // warp that uses it (ThunderKittens' warpgroup index plus one).
      std::optional<llvm::SmallVector<uint32_t, 4>> Ids =
          C.roles().valuesAt(*U.Id, U.Inst);
      return !Ids || llvm::is_contained(*Ids, *Id);
    };
    if (!One || (Id && llvm::any_of(*Uses, MayShare)))
      CtaBarrier.reset();
  }
  Solved = solvePairFlow(C, In, [&](const CFGBlock &B, Bounds &S) {
    for (uint32_t I = B.FirstInst; I < B.EndInst; ++I)
      step(I, S);
  });
}

BarrierPhases::Bounds BarrierPhases::at(uint32_t I) const {
  const CFGBlock &B = C.G.blockOf(I);
  Bounds S = In[B.Number];
  for (uint32_t K = B.FirstInst; K < I; ++K)
    step(K, S);
  return S;
}

bool BarrierPhases::ordered(uint32_t Earlier, unsigned P, uint32_t Later,
                            unsigned Q) const {
  if (!Solved)
    return false;
  Bounds E = at(Earlier), L = at(Later);
  if (!(E.Reached >> P & 1) || !(L.Reached >> Q & 1))
    return false;
  return L.Lo[CtaArrived][Q] > E.Hi[CtaArrived][P] ||
         L.Lo[ClusterWaited][Q] > E.Hi[ClusterArrived][P];
}
