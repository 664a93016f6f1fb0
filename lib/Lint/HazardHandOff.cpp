//===- HazardHandOff.cpp - Which releases hand Tensor Memory over ---------===//
//
// PTX ISA 9.7.16.6.4.4: the threads that issue tcgen05.ld must wait for it
// "before synchronizing with the consumer threads".  A synchronization has
// a consumer of Tensor Memory only where a thread on its other side can
// then change the columns: issue an MMA, tcgen05.st, cp or shift, or free
// them.  The other side of an mbarrier arrive is a wait on an mbarrier, of
// a named barrier a wait on the same barrier, of a cluster arrive a
// cluster wait; what that thread does next, up to its next wait, is what
// the release hands over.  A barrier among readers (a shared-memory
// staging buffer between the loads of an epilogue) or a TMA transaction
// barrier (mbarrier.arrive.expect_tx) hands nothing over.
//
// An arrive on an mbarrier that no code of the function waits on hands
// over to threads the function does not show, and counts.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

struct HandOffs::Impl {
  Impl(const HazardFunction &C, llvm::ArrayRef<Tcgen05Opcode> Changers)
      : C(C), Changers(Changers.begin(), Changers.end()),
        LeadsToChange(C.F.Instructions.size(), 0) {}

  const HazardFunction &C;
  llvm::SmallVector<Tcgen05Opcode, 8> Changers;
  /// By instruction: 0 unknown, 1 no, 2 yes (what a wait leads to).
  std::vector<uint8_t> LeadsToChange;

  bool hasQualifier(uint32_t I, llvm::StringRef Word) const {
    return llvm::any_of(C.F.qualifiers(C.F.Instructions[I].Qualifiers),
                        [&](const Span &S) { return S.text() == Word; });
  }

  /// A named barrier's number, when it is a literal (bar.red's first
  /// operand is its result: its number is not read).
  std::optional<uint64_t> barrierId(uint32_t I) const {
    if (hasQualifier(I, ".red"))
      return std::nullopt;
    llvm::ArrayRef<Operand> Ops = C.F.operands(C.F.Instructions[I].Operands);
    if (Ops.empty() || Ops[0].Kind != OperandKind::Integer)
      return std::nullopt;
    return Ops[0].value();
  }

  /// Whether the thread past wait W can change Tensor Memory before it
  /// waits again.
  bool leadsToChange(uint32_t W) {
    if (LeadsToChange[W])
      return LeadsToChange[W] == 2;
    bool Found = false;
    C.walkAfter(W, [&](uint32_t I) {
      if (const Tcgen05Inst *T = C.tcgen05At(I);
          T && llvm::is_contained(Changers, T->Opcode))
        Found = true;
      return !Found && !C.threadSync(I).Acquires;
    });
    LeadsToChange[W] = Found ? 2 : 1;
    return Found;
  }

  /// handsOff's answers by family and barrier number (~0 for any): every
  /// release of one kind meets the same waits.
  llvm::DenseMap<std::pair<unsigned, uint64_t>, bool> ByKind;
};

HandOffs::HandOffs(const HazardFunction &C,
                   llvm::ArrayRef<Tcgen05Opcode> Changers)
    : P(std::make_unique<Impl>(C, Changers)) {}

HandOffs::~HandOffs() = default;

bool HandOffs::handsOff(uint32_t Release) {
  const HazardFunction &C = P->C;
  if (C.isOpcode(Release, Tcgen05Opcode::Dealloc))
    return true;
  SyncFamily Family = C.threadSync(Release).Family;
  if (Family == SyncFamily::None)
    return true;
  // A TMA transaction barrier: the arrive that sets the bytes to expect.
  if (Family == SyncFamily::Mbarrier && P->hasQualifier(Release, ".expect_tx"))
    return false;
  std::optional<uint64_t> Id =
      Family == SyncFamily::Named ? P->barrierId(Release) : std::nullopt;
  auto [Memo, New] = P->ByKind.try_emplace(
      {static_cast<unsigned>(Family), Id ? *Id : ~uint64_t(0)}, false);
  if (!New)
    return Memo->second;
  Memo->second = findHandOff(Family, Id);
  return Memo->second;
}

bool HandOffs::findHandOff(SyncFamily Family, std::optional<uint64_t> Id) {
  const HazardFunction &C = P->C;
  bool AnyWait = false;
  for (uint32_t W : C.syncsAndTcgen05()) {
    if (!C.threadSync(W).Acquires || C.threadSync(W).Family != Family)
      continue;
    if (Family == SyncFamily::Named && Id) {
      std::optional<uint64_t> Other = P->barrierId(W);
      if (Other && *Other != *Id)
        continue;
    }
    AnyWait = true;
    if (P->leadsToChange(W))
      return true;
  }
  // Waits elsewhere: an mbarrier's may be in code this function does not
  // show.
  return !AnyWait && Family == SyncFamily::Mbarrier;
}
