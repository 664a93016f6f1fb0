//===- HazardClusterBarrier.cpp - A cluster barrier some warps never reach
//-===//
//
// barrier.cluster.wait waits for every thread of the cluster that has not
// exited to arrive.  A warp holds it until it arrives or exits; when it can
// do neither before the waiting warp has passed the wait (each of its
// arrivals and exits needs a phase of the CTA's barrier that the waiting
// warp arrives at only after it), neither goes on (triton PR 9456: a
// cluster barrier in one partition only).  The phases of the barriers of every
// thread (BarrierPhases) order the two warps without a model of what they do.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

void tcgen05::checkClusterBarrierDeadlock(const HazardContext &C) {
  if (!C.F.IsEntry)
    return;
  // The cluster barrier's waits, and where a warp stops holding it: its
  // arrivals and its exits (a trap ends the whole grid).
  std::vector<uint32_t> Waits, Escapes;
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
    Opcode Op = C.F.Instructions[I].op();
    ThreadSync S = C.threadSync(I);
    if (S.Family == SyncFamily::Cluster)
      (S.Acquires ? Waits : Escapes).push_back(I);
    else if (Op == Opcode::Ret || Op == Opcode::Exit || Op == Opcode::Trap)
      Escapes.push_back(I);
  }
  if (Waits.empty() || !C.isWholeKernel())
    return;
  const WarpRoles &Roles = C.roles();
  for (uint32_t Wait : Waits) {
    WarpSet Must = Roles.mustExecute(Wait);
    WarpSet Waiting, Held;
    uint32_t Escape = ~0u;
    for (unsigned R = 0; R < 2; ++R)
      for (uint32_t WBits = Must.Warps[R]; WBits; WBits &= WBits - 1) {
        unsigned W = llvm::countr_zero(WBits);
        // Warps are numbered from 0: below a warp that runs, every warp
        // exists; above it, only what .reqntid declares.
        unsigned Exist =
            C.Cta.Declared == WarpRoles::CtaSize::Exact ? C.Cta.Warps : W;
        for (unsigned V = 0; V < Exist; ++V) {
          // Every arrival and exit V may reach comes after a phase W joins
          // only past the wait.
          bool Some = false, All = true;
          uint32_t First = ~0u;
          for (uint32_t E : Escapes) {
            if (!(Roles.atInstruction(E).Warps[R] >> V & 1))
              continue;
            Some = true;
            All = All && C.phases().ordered(Wait, R * 32 + W, E, R * 32 + V);
            First = std::min(First, E);
          }
          if (!Some || !All)
            continue;
          Waiting.Warps[R] |= 1u << W;
          Held.Warps[R] |= 1u << V;
          Escape = std::min(Escape, First);
        }
      }
    if (Waiting.empty())
      continue;
    std::string Waiters = warpsOfEachCta(Waiting);
    std::string Holders = warpsOfEachCta(Held);
    Diagnostic &D = C.report(Wait, {Waiters, Holders});
    C.note(D, DiagID::note_hz_exit_after_phase, Escape, {Holders, Waiters});
    D.note(DiagID::note_hz_cluster_arrive_all, {}, {Holders});
    C.cite(D);
  }
}
