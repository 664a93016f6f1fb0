//===- HazardDoubleFree.cpp - One allocation freed twice ------------------===//
//
// A kernel that allocates Tensor Memory once, in one warp of each CTA, and
// not in a loop, holds one allocation per CTA: a second tcgen05.dealloc of
// it, by the warp that freed it or by another, frees what is no longer
// allocated (9.7.16.7.1: "taddr must point to a previous Tensor Memory
// allocation").  Only frees known to follow the allocation count: the
// same warp's own order, or the phases of the barriers of every thread
// between the allocating warp and the freeing one (BarrierPhases).
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

namespace {

struct OneAllocation {
  const HazardContext &C;
  const WarpRoles &Roles;
  uint32_t Alloc;
  WarpRoles::LastEvents Last;
  llvm::ArrayRef<uint32_t> Events;
  /// Whether each pair has allocated before an instruction.
  WarpRoles::LastEvents Allocated;

  /// The warp of Rank that allocates, if one does.
  std::optional<unsigned> allocator(unsigned Rank) const {
    uint32_t W = Roles.atInstruction(Alloc).Warps[Rank];
    if (llvm::popcount(W) != 1)
      return std::nullopt;
    return Rank * 32 + llvm::countr_zero(W);
  }

  /// Whether pair P's dealloc D runs after the allocation on every
  /// execution.
  bool afterAlloc(uint32_t D, unsigned P) const {
    std::optional<unsigned> A = allocator(P / 32);
    if (!A)
      return false;
    if (*A != P)
      return C.phases().ordered(Alloc, *A, D, P);
    // The warp's own order: it allocated on every path to D.
    std::optional<std::vector<uint64_t>> Words = Allocated.at(D);
    return Words && !((*Words)[0] >> P & 1) && ((*Words)[1] >> P & 1);
  }
};

} // namespace

void tcgen05::checkDeallocTwice(const HazardContext &C) {
  std::vector<uint32_t> Events, Deallocs;
  std::vector<uint32_t> Allocs;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode == Tcgen05Opcode::Alloc)
      Allocs.push_back(T.Instruction);
    else if (T.Opcode == Tcgen05Opcode::Dealloc)
      Deallocs.push_back(T.Instruction);
    else
      continue;
    Events.push_back(T.Instruction);
  }
  // One dealloc that no path runs twice frees once per warp that runs it,
  // and two warps running it are TC6024's.
  if (!C.F.IsEntry || Allocs.size() != 1 || Deallocs.empty() ||
      (Deallocs.size() == 1 && !C.leadsTo(Deallocs[0], Deallocs[0])) ||
      C.leadsTo(Allocs[0], Allocs[0]) || !C.isWholeKernel())
    return;
  const WarpRoles &Roles = C.roles();
  OneAllocation One{C,         Roles,
                    Allocs[0], WarpRoles::LastEvents(Roles, Events),
                    Events,    WarpRoles::LastEvents(Roles, Allocs)};
  llvm::BitVector Reported(C.F.Instructions.size());
  for (uint32_t D : Deallocs) {
    std::optional<std::vector<uint64_t>> Words = One.Last.at(D);
    if (!Words) {
      C.giveUp(C.walkLimit());
      return;
    }
    // The same warp freed before, with no allocation since: on each of its
    // paths (every pair that may get here), or on some.
    WarpSet May = Roles.atInstruction(D);
    bool Every = !May.empty(), Some = false;
    uint32_t Earlier = ~0u;
    for (unsigned R = 0; R < 2; ++R)
      for (uint32_t W = May.Warps[R]; W; W &= W - 1) {
        unsigned P = R * 32 + llvm::countr_zero(W);
        bool Freed = false, Clean = false;
        for (unsigned S = 0; S < Words->size(); ++S) {
          if (!((*Words)[S] >> P & 1))
            continue;
          uint32_t E = S ? Events[S - 1] : ~0u;
          if (S && E != One.Alloc && One.afterAlloc(E, P)) {
            Freed = true;
            Earlier = E;
          } else {
            Clean = true;
          }
        }
        Every &= Freed && !Clean;
        Some |= Freed;
      }
    if (Some) {
      Reported.set(D);
      std::string Who = warpsOfEachCta(Roles.atInstruction(Earlier));
      Diagnostic &D2 =
          Every ? C.report(D, {})
                : C.reportAs(DiagID::warn_hz_dealloc_twice_path, D, {Who});
      C.note(D2, DiagID::note_hz_freed_before, Earlier, {Who});
      C.note(D2, DiagID::note_hz_allocated_once, One.Alloc);
      C.cite(D2);
    }
  }
  // Two warps of a CTA that each free on every path they take, both after
  // the allocation: two frees of one allocation.
  for (unsigned R = 0; R < 2; ++R) {
    std::optional<unsigned> First;
    uint32_t FirstDealloc = 0;
    for (uint32_t D : Deallocs) {
      WarpSet Must = Roles.mustExecute(D);
      for (uint32_t W = Must.Warps[R]; W; W &= W - 1) {
        unsigned P = R * 32 + llvm::countr_zero(W);
        if (!One.afterAlloc(D, P))
          continue;
        if (!First) {
          First = P;
          FirstDealloc = D;
          continue;
        }
        if (P == *First || Reported.test(D) || D == FirstDealloc)
          continue;
        Reported.set(D);
        uint32_t Bit = 1u << *First % 32;
        Diagnostic &D2 = C.report(D, {});
        C.note(D2, DiagID::note_hz_freed_too, FirstDealloc,
               {warpsOfEachCta(WarpSet{{Bit, Bit}})});
        C.note(D2, DiagID::note_hz_allocated_once, One.Alloc);
        C.cite(D2);
      }
    }
  }
}

// Reported by checkDeallocTwice, which tells the two apart.
void tcgen05::checkDeallocTwicePath(const HazardContext &) {}
