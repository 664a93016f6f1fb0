//===- HazardProtocol.cpp - Lints on which warps execute what -------------===//
//
// The protocols between the warps of a CTA, read from the warp roles
// (WarpRoles): which warps execute each instruction on every path they
// take, and which may.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

std::string tcgen05::warpsOfEachCta(WarpSet S) {
  auto Warps = [](uint32_t W) {
    if (llvm::popcount(W) == 1)
      return "warp " + std::to_string(llvm::countr_zero(W));
    return WarpSet{{W, W}}.str();
  };
  if (S.Warps[0] == S.Warps[1])
    return Warps(S.Warps[0]) + " of each CTA";
  std::string Out;
  for (unsigned R = 0; R < 2; ++R) {
    if (!S.Warps[R])
      continue;
    if (!Out.empty())
      Out += " and ";
    Out += Warps(S.Warps[R]) + " of the CTA of rank " + std::to_string(R);
  }
  return Out;
}

void tcgen05::checkAllocManyWarps(const HazardContext &C) {
  // Without a declared size a CTA may be one warp.
  if (!C.F.IsEntry || C.Cta.Declared == WarpRoles::CtaSize::Undeclared)
    return;
  bool Any = llvm::any_of(C.F.Tcgen05, [](const Tcgen05Inst &T) {
    return T.Opcode == Tcgen05Opcode::Alloc ||
           T.Opcode == Tcgen05Opcode::Dealloc;
  });
  if (!Any)
    return;
  const WarpRoles &Roles = C.roles();
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Alloc && T.Opcode != Tcgen05Opcode::Dealloc)
      continue;
    // Only warps that execute it on every path they take: a warp that may
    // is no proof, as the roles over-approximate.  Both CTAs of a pair
    // run the same code; the rule is per CTA.
    WarpSet Must = Roles.mustExecute(T.Instruction);
    if (llvm::popcount(Must.Warps[0]) < 2 && llvm::popcount(Must.Warps[1]) < 2)
      continue;
    std::string Name = C.displayName(T.Instruction);
    std::string Warps = warpsOfEachCta(Must);
    // The second warp that must is the one a smaller launch could lack.
    uint64_t Threads = 32 * 32;
    for (uint32_t W : Must.Warps)
      if (llvm::popcount(W) >= 2) {
        uint32_t Rest = W & (W - 1);
        Threads = std::min<uint64_t>(Threads, 32 * llvm::countr_zero(Rest));
      }
    Diagnostic &D =
        C.Cta.Declared == WarpRoles::CtaSize::Exact
            ? C.report(T.Instruction, {Name, Warps})
            : C.reportAs(DiagID::warn_hz_alloc_many_warps_bounded,
                         T.Instruction,
                         {Name, Warps, Threads, uint64_t(32) * C.Cta.Warps});
    C.note(D, DiagID::note_hz_one_warp, T.Instruction);
    C.cite(D);
  }
}
// Reported by checkAllocManyWarps, which knows how the size is declared.
void tcgen05::checkAllocManyWarpsBounded(const HazardContext &) {}

void tcgen05::checkTmemUseAfterDealloc(const HazardContext &C) {
  // One allocation, not in a loop: after a thread frees it, no other
  // allocation can be what it uses.  A call could allocate; such kernels
  // get the remark instead.
  std::vector<uint32_t> Events;
  unsigned Allocs = 0, Deallocs = 0;
  uint32_t Alloc = 0;
  for (const Tcgen05Inst &T : C.F.Tcgen05)
    if (T.Opcode == Tcgen05Opcode::Alloc ||
        T.Opcode == Tcgen05Opcode::Dealloc) {
      Events.push_back(T.Instruction);
      if (T.Opcode == Tcgen05Opcode::Alloc) {
        ++Allocs;
        Alloc = T.Instruction;
      } else {
        ++Deallocs;
      }
    }
  if (Allocs != 1 || !Deallocs || !C.isWholeKernel())
    return;
  if (C.leadsTo(Alloc, Alloc))
    return;
  const WarpRoles &Roles = C.roles();
  WarpRoles::LastEvents Last(Roles, Events);
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!hasProperty(T.Opcode, T5Async))
      continue;
    std::optional<std::vector<uint64_t>> Words = Last.at(T.Instruction);
    // Past its budget the solve has no answer, and the function's remark
    // says so.
    if (!Words) {
      C.giveUp(C.walkLimit());
      return;
    }
    WarpSet May = Roles.atInstruction(T.Instruction);
    // Every pair that may get here freed on each of its paths, or some
    // pair on some path.
    bool Every = !May.empty(), Some = false;
    uint32_t Freed = ~0u;
    for (unsigned R = 0; R < 2; ++R)
      for (unsigned W = 0; W < 32; ++W) {
        if (!((May.Warps[R] >> W) & 1))
          continue;
        bool Dealloc = false, Clean = false;
        for (unsigned S = 0; S < Words->size(); ++S) {
          if (!(((*Words)[S] >> (R * 32 + W)) & 1))
            continue;
          if (S == 0 || Events[S - 1] == Alloc) {
            Clean = true;
          } else {
            Dealloc = true;
            Freed = Events[S - 1];
          }
        }
        Every &= Dealloc && !Clean;
        Some |= Dealloc;
      }
    if (!Some)
      continue;
    std::string Name = C.displayName(T.Instruction);
    Diagnostic &D =
        Every ? C.report(T.Instruction, {Name})
              : C.reportAs(DiagID::warn_hz_tmem_use_after_dealloc_path,
                           T.Instruction, {Name});
    C.note(D, DiagID::note_hz_freed_here, Freed,
           {warpsOfEachCta(Roles.atInstruction(Freed))});
    C.cite(D);
  }
}

// Reported by checkTmemUseAfterDealloc, which tells the two apart.
void tcgen05::checkTmemUseAfterDeallocPath(const HazardContext &) {}
