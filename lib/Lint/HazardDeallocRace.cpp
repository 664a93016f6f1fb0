//===- HazardDeallocRace.cpp - A free that other warps' use may follow ----===//
//
// Another warp's use of Tensor Memory is ordered before a warp's
// tcgen05.dealloc only through something the freeing warp waits on after
// that use (9.7.16.6.4.4: the users complete, then synchronize with the
// freeing thread).  Which mbarrier a wait is on is not modelled, so any
// wait of the freeing warp counts as the one that orders them.  Two
// situations have none, on some path of the freeing warp:
// - it frees after a tcgen05.ld or tcgen05.st that other warps execute too
//   (an epilogue whose warps all read, one of them then frees: the others
//   may still be reading);
// - it waits for no thread at all since it allocated, while other warps
//   use Tensor Memory (which they can only after the allocation).
// Both are races, not certainties (the other warps may happen to be done),
// so the lint warns.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

namespace {

/// A row of StrongReads.def.
struct StrongRead {
  Opcode Op;
  llvm::StringRef Qualifier;
};
constexpr StrongRead StrongReads[] = {
#define STRONG_READ(Op, Qualifier) {Opcode::Op, Qualifier},
#include "StrongReads.def"
};

/// Whether instruction I makes its thread wait for, or read what, another
/// thread did: a wait of ThreadSync.def, or a read of StrongReads.def.
bool waitsForOthers(const HazardContext &C, uint32_t I) {
  if (C.threadSync(I).Acquires)
    return true;
  const Instruction &Inst = C.F.Instructions[I];
  for (const StrongRead &R : StrongReads) {
    if (Inst.op() != R.Op)
      continue;
    if (R.Qualifier.empty() ||
        llvm::any_of(C.F.qualifiers(Inst.Qualifiers),
                     [&](const Span &Q) { return Q.text() == R.Qualifier; }))
      return true;
  }
  return false;
}

WarpSet setOf(uint64_t Bits) {
  return WarpSet{{uint32_t(Bits), uint32_t(Bits >> 32)}};
}

/// What a freeing warp last did before the free, on a path with no wait
/// in between: a Tensor Memory access, or its own allocation.
struct LastBeforeFree {
  /// (access, the pairs for which it is the last) and the pairs that
  /// reach the free from their allocation.
  std::vector<std::pair<uint32_t, uint64_t>> Accesses;
  uint64_t FromAlloc = 0;
};

/// Walks back from the free over the edges each pair may take, stopping at
/// the waits and, for the pairs that execute it, at a tcgen05.ld or st or
/// the allocation.  A pair that gets to the entry frees what it did not
/// allocate, or before the allocation: another rule's.
LastBeforeFree lastBeforeFree(const HazardContext &C, const WarpRoles &Roles,
                              uint32_t Free, uint32_t Alloc,
                              const llvm::BitVector &Waits) {
  LastBeforeFree Out;
  const ControlFlowGraph &G = C.G;
  std::vector<uint64_t> AtEnd(G.size(), 0);
  llvm::SmallVector<std::pair<const CFGBlock *, uint64_t>, 16> Work;
  auto Scan = [&](const CFGBlock &B, uint32_t From, uint64_t Pairs) {
    for (uint32_t I = From; I-- > B.FirstInst && Pairs;) {
      bool Guarded = C.F.Instructions[I].guarded();
      if (Waits.test(I)) {
        if (!Guarded)
          Pairs = 0;
        continue;
      }
      if (I != Alloc && !C.isOpcode(I, Tcgen05Opcode::Ld) &&
          !C.isOpcode(I, Tcgen05Opcode::St))
        continue;
      uint64_t Here = Pairs & pairMask(Roles.atInstruction(I));
      if (!Here)
        continue;
      if (I == Alloc)
        Out.FromAlloc |= Here;
      else
        Out.Accesses.emplace_back(I, Here);
      if (!Guarded)
        Pairs &= ~Here;
    }
    if (!Pairs)
      return;
    for (const CFGBlock *P : B.preds()) {
      llvm::ArrayRef<CFGBlock *> Succs = P->succs();
      for (unsigned K = 0; K < Succs.size(); ++K) {
        if (Succs[K] != &B)
          continue;
        uint64_t New =
            Pairs & pairMask(Roles.passes(*P, K)) & ~AtEnd[P->Number];
        if (!New)
          continue;
        AtEnd[P->Number] |= New;
        Work.emplace_back(P, New);
      }
    }
  };
  const CFGBlock &Start = G.blockOf(Free);
  Scan(Start, Free, pairMask(Roles.atInstruction(Free)));
  while (!Work.empty()) {
    auto [B, Pairs] = Work.pop_back_val();
    Scan(*B, B->EndInst, Pairs);
  }
  return Out;
}

/// The warps of Pair's CTA other than Pair's own in S.
uint64_t othersOf(unsigned Pair, WarpSet S) {
  uint64_t Rank = Pair / 32 ? ~uint64_t(0) << 32 : uint64_t(~0u);
  return pairMask(S) & Rank & ~(uint64_t(1) << Pair);
}

} // namespace

void tcgen05::checkDeallocUnordered(const HazardContext &C) {
  // With one allocation, every access uses what the dealloc frees.
  std::vector<uint32_t> Deallocs, Accesses;
  unsigned Allocs = 0;
  uint32_t Alloc = 0;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode == Tcgen05Opcode::Alloc) {
      ++Allocs;
      Alloc = T.Instruction;
    } else if (T.Opcode == Tcgen05Opcode::Dealloc)
      Deallocs.push_back(T.Instruction);
    else if (hasProperty(T.Opcode, T5Async))
      Accesses.push_back(T.Instruction);
  }
  if (!C.F.IsEntry || Allocs != 1 || Deallocs.empty() || Accesses.empty() ||
      !C.isWholeKernel())
    return;
  const WarpRoles &Roles = C.roles();
  llvm::BitVector Waits(C.F.Instructions.size());
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I)
    if (waitsForOthers(C, I))
      Waits.set(I);
  for (uint32_t Free : Deallocs) {
    LastBeforeFree Last = lastBeforeFree(C, Roles, Free, Alloc, Waits);
    // The first access that another warp also executes, in source order.
    std::optional<uint32_t> Shared;
    uint64_t Freeing = 0, Users = 0;
    llvm::sort(Last.Accesses);
    for (auto [Y, Pairs] : Last.Accesses)
      for (uint64_t P = Pairs; P; P &= P - 1) {
        unsigned Pair = llvm::countr_zero(P);
        uint64_t Others = othersOf(Pair, Roles.atInstruction(Y));
        if (!Others)
          continue;
        if (!Shared)
          Shared = Y;
        if (*Shared != Y)
          continue;
        Freeing |= uint64_t(1) << Pair;
        Users |= Others;
      }
    uint32_t Use = 0;
    if (Shared) {
      Use = *Shared;
    } else {
      // From its allocation: the first access another warp may execute.
      for (uint64_t P = Last.FromAlloc; P; P &= P - 1) {
        unsigned Pair = llvm::countr_zero(P);
        for (uint32_t Y : Accesses) {
          uint64_t Others = othersOf(Pair, Roles.atInstruction(Y));
          if (!Others || (Users && Y != Use))
            continue;
          Freeing |= uint64_t(1) << Pair;
          Users |= Others;
          Use = Y;
          break;
        }
      }
      if (!Users)
        continue;
    }
    std::string Who = warpsOfEachCta(setOf(Freeing));
    std::string Them = warpsOfEachCta(setOf(Users));
    std::string Since =
        Shared ? "the " + C.displayName(Use) + " it executes with them"
               : std::string("its tcgen05.alloc");
    Diagnostic &D = C.report(Free, {Who, Them, Since});
    C.note(D, DiagID::note_hz_still_used_here, Use, {Them});
    D.note(DiagID::note_hz_order_before_free, {}, {});
    C.cite(D);
  }
}
