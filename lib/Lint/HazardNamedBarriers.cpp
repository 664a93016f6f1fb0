//===- HazardNamedBarriers.cpp - Thread counts of named barriers ----------===//
//
// A named barrier (bar.sync, bar.arrive, bar.red and their barrier.*
// spellings with a thread count) completes a phase when that many threads
// have arrived at its number.  The warps that may ever arrive are read
// from the warp roles; when they cannot supply the count, the barrier never
// completes and every thread that waits at it hangs (FlashMLA PR 57 asked
// for 256 threads where one warpgroup of 128 reached the barrier).
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "tcgen05/Analysis/KnownBits.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/bit.h"

#include <map>

using namespace tcgen05;

namespace {

std::optional<uint64_t> immediate(const Operand *O) {
  if (O && O->Kind == OperandKind::Integer)
    return O->value();
  return std::nullopt;
}

std::optional<std::vector<NamedBarrierUse>> findUses(const HazardFunction &C) {
  std::vector<NamedBarrierUse> Uses;
  std::vector<llvm::StringRef> Roots;
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
    if (C.threadSync(I).Family != SyncFamily::Named)
      continue;
    const Instruction &Inst = C.F.Instructions[I];
    llvm::ArrayRef<Operand> Ops = C.F.operands(Inst.Operands);
    llvm::ArrayRef<Span> Quals = C.F.qualifiers(Inst.Qualifiers);
    auto Has = [&](llvm::StringRef Q) {
      return llvm::any_of(Quals, [&](Span S) { return S.text() == Q; });
    };
    // bar.red's destination comes first and its predicate last.
    bool Red = Has(".red");
    size_t First = Red ? 1 : 0, WithCount = Red ? 4 : 2;
    if (Ops.size() <= First)
      return std::nullopt;
    NamedBarrierUse U{I,
                      &Ops[First],
                      Ops.size() >= WithCount ? &Ops[First + 1] : nullptr,
                      Has(".arrive"),
                      immediate(&Ops[First]),
                      std::nullopt};
    U.CountValue = immediate(U.Count);
    for (const Operand *O : {U.Id, U.Count})
      if (O && O->Kind == OperandKind::Register)
        Roots.push_back(O->text());
    Uses.push_back(U);
  }
  if (!Roots.empty()) {
    std::vector<uint32_t> Sites;
    for (const NamedBarrierUse &U : Uses)
      Sites.push_back(U.Inst);
    size_t Next = 0;
    runKnownBits(
        C.F, Roots, Sites,
        [&](uint32_t I, const KnownBitsState &S) {
          while (Next < Uses.size() && Uses[Next].Inst < I)
            ++Next;
          if (Next == Uses.size() || Uses[Next].Inst != I)
            return;
          NamedBarrierUse &U = Uses[Next];
          auto Known = [&](const Operand *O) -> std::optional<uint64_t> {
            if (!O || O->Kind != OperandKind::Register)
              return std::nullopt;
            RegisterFact Fact = S.operandFact(C.F, *O);
            if ((Fact.known() & 0xffffffffu) != 0xffffffffu)
              return std::nullopt;
            return Fact.one() & 0xffffffffu;
          };
          if (!U.IdValue)
            U.IdValue = Known(U.Id);
          if (!U.CountValue)
            U.CountValue = Known(U.Count);
        },
        /*Budget=*/0, &C.Shared);
  }
  return Uses;
}

} // namespace

const std::optional<std::vector<NamedBarrierUse>> &
tcgen05::allNamedBarrierUses(const HazardFunction &C) {
  if (!C.Cache.AllNamedBarriers)
    C.Cache.AllNamedBarriers.emplace(findUses(C));
  return *C.Cache.AllNamedBarriers;
}

const std::optional<std::vector<NamedBarrierUse>> &
tcgen05::namedBarrierUses(const HazardFunction &C) {
  if (!C.Cache.NamedBarriers) {
    const auto &All = allNamedBarrierUses(C);
    if (All && llvm::all_of(*All, [](const NamedBarrierUse &U) {
          return U.IdValue.has_value();
        }))
      C.Cache.NamedBarriers.emplace(All);
    else
      C.Cache.NamedBarriers.emplace(std::nullopt);
  }
  return *C.Cache.NamedBarriers;
}

namespace {

/// The uses of named barriers in a kernel the barrier lints judge: every
/// number known, and no call (a call could arrive at a barrier too).
const std::vector<NamedBarrierUse> *judgedUses(const HazardContext &C) {
  if (!C.F.IsEntry)
    return nullptr;
  bool Any = false;
  for (uint32_t I = 0; I < C.F.Instructions.size() && !Any; ++I)
    Any = C.threadSync(I).Family == SyncFamily::Named;
  if (!Any || !C.isWholeKernel())
    return nullptr;
  const std::optional<std::vector<NamedBarrierUse>> &Uses = namedBarrierUses(C);
  return Uses ? &*Uses : nullptr;
}

} // namespace

void tcgen05::checkNamedBarrierNeverCompletes(const HazardContext &C) {
  const std::vector<NamedBarrierUse> *Uses = judgedUses(C);
  if (!Uses)
    return;
  // Keyed by any 64-bit number the text gives: a DenseMap keeps two of
  // them for its empty and removed slots.
  llvm::MapVector<uint64_t, std::vector<const NamedBarrierUse *>,
                  std::map<uint64_t, unsigned>>
      ById;
  for (const NamedBarrierUse &U : *Uses)
    ById[*U.IdValue].push_back(&U);
  const WarpRoles &Roles = C.roles();
  for (auto &[Id, Group] : ById) {
    // The most times each pair may arrive in one phase: once per waiting
    // use at most (it waits for the phase to end), once per arrive.
    unsigned Arrivals[64] = {};
    bool Bounded = true, Counted = true;
    for (const NamedBarrierUse *U : Group) {
      Counted &= U->Count != nullptr;
      if (U->ArriveOnly && C.leadsTo(U->Inst, U->Inst))
        Bounded = false;
    }
    // Without a count a barrier waits for every thread of the CTA that has
    // not exited, which the roles cannot tell.
    if (!Bounded || !Counted)
      continue;
    bool Waits[64] = {};
    for (const NamedBarrierUse *U : Group) {
      WarpSet May = Roles.atInstruction(U->Inst);
      for (unsigned R = 0; R < 2; ++R)
        for (uint32_t W = May.Warps[R]; W; W &= W - 1) {
          unsigned P = R * 32 + llvm::countr_zero(W);
          if (U->ArriveOnly)
            ++Arrivals[P];
          else
            Waits[P] = true;
        }
    }
    uint64_t Threads[2] = {0, 0};
    WarpSet Arriving;
    for (unsigned P = 0; P < 64; ++P) {
      unsigned N = Arrivals[P] + (Waits[P] ? 1 : 0);
      Threads[P / 32] += 32 * uint64_t(N);
      if (N)
        Arriving.Warps[P / 32] |= 1u << P % 32;
    }
    // The threads that wait are the ones that hang; an arrive goes on.
    for (const NamedBarrierUse *U : Group) {
      if (!U->CountValue || U->ArriveOnly)
        continue;
      WarpSet May = Roles.atInstruction(U->Inst);
      // Each CTA of a pair has its own barriers.
      bool Short = false;
      uint64_t Most = 0;
      for (unsigned R = 0; R < 2; ++R)
        if (May.Warps[R] && Threads[R] < *U->CountValue) {
          Short = true;
          Most = std::max(Most, Threads[R]);
        }
      if (!Short)
        continue;
      Diagnostic &D = C.reportAt(C.ID, *U->Count,
                                 {C.displayName(U->Inst), *U->CountValue, Id,
                                  warpsOfEachCta(Arriving), Most});
      for (const NamedBarrierUse *Other : Group)
        C.note(D, DiagID::note_hz_executed_by, Other->Inst,
               {warpsOfEachCta(Roles.atInstruction(Other->Inst))});
      C.cite(D);
    }
  }
}

void tcgen05::checkNamedBarrierCountsDiffer(const HazardContext &C) {
  const std::vector<NamedBarrierUse> *Uses = judgedUses(C);
  if (!Uses)
    return;
  const WarpRoles &Roles = C.roles();
  // Two uses with different counts by warps that never share one: warps
  // that share both pass one before the other (their own order), so only
  // disjoint groups can meet in a phase, unless the phases of the barriers
  // of every thread keep them apart.
  auto Unordered = [&](const NamedBarrierUse &A, uint32_t WA,
                       const NamedBarrierUse &B, uint32_t WB, unsigned R) {
    for (uint32_t X = WA; X; X &= X - 1)
      for (uint32_t Y = WB; Y; Y &= Y - 1) {
        unsigned P = R * 32 + llvm::countr_zero(X);
        unsigned Q = R * 32 + llvm::countr_zero(Y);
        if (!C.phases().ordered(A.Inst, P, B.Inst, Q) &&
            !C.phases().ordered(B.Inst, Q, A.Inst, P))
          return true;
      }
    return false;
  };
  llvm::BitVector Reported(C.F.Instructions.size());
  for (const NamedBarrierUse &B : *Uses) {
    if (!B.CountValue)
      continue;
    WarpSet MayB = Roles.atInstruction(B.Inst);
    for (const NamedBarrierUse &A : *Uses) {
      if (A.Inst >= B.Inst || *A.IdValue != *B.IdValue || !A.CountValue ||
          *A.CountValue == *B.CountValue || Reported.test(B.Inst))
        continue;
      WarpSet MayA = Roles.atInstruction(A.Inst);
      bool Meet = false;
      for (unsigned R = 0; R < 2 && !Meet; ++R)
        Meet = MayA.Warps[R] && MayB.Warps[R] &&
               !(MayA.Warps[R] & MayB.Warps[R]) &&
               Unordered(A, MayA.Warps[R], B, MayB.Warps[R], R);
      if (!Meet)
        continue;
      Reported.set(B.Inst);
      Diagnostic &D =
          C.reportAt(C.ID, *B.Count,
                     {C.displayName(B.Inst), *B.CountValue, *B.IdValue,
                      warpsOfEachCta(MayA), *A.CountValue});
      C.note(D, DiagID::note_hz_other_count_here, A.Inst,
             {warpsOfEachCta(MayA), *A.CountValue});
      D.note(DiagID::note_hz_own_barrier_number, {}, {});
      C.cite(D);
    }
  }
}
