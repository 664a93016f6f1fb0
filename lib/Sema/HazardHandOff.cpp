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

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

namespace {

enum class SyncFamily : uint8_t { None, Mbarrier, Named, Cluster };

} // namespace

struct HandOffs::Impl {
  const HazardFunction &C;
  llvm::SmallVector<Tcgen05Opcode, 8> Changers;
  /// By instruction: 0 unknown, 1 no, 2 yes (what a wait leads to).
  std::vector<uint8_t> LeadsToChange;

  SyncFamily family(uint32_t I) const {
    llvm::StringRef Op = C.F.Instructions[I].opcode().text();
    if (Op == "mbarrier")
      return SyncFamily::Mbarrier;
    if (Op == "bar" || Op == "barrier") {
      llvm::ArrayRef<Span> Q = C.F.qualifiers(C.F.Instructions[I].Qualifiers);
      if (!Q.empty() && Q[0].text() == ".cluster")
        return SyncFamily::Cluster;
      return SyncFamily::Named;
    }
    return SyncFamily::None;
  }

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
    llvm::BitVector Seen(C.G.size());
    auto Scan = [&](uint32_t From, uint32_t End) {
      for (uint32_t I = From; I < End; ++I) {
        if (const Tcgen05Inst *T = C.tcgen05At(I);
            T && llvm::is_contained(Changers, T->Opcode))
          return 2;
        if (C.threadSync(I).Acquires)
          return 1;
      }
      return 0;
    };
    const CFGBlock &Home = C.G.blockOf(W);
    llvm::SmallVector<const CFGBlock *, 16> Work;
    switch (Scan(W + 1, Home.EndInst)) {
    case 2:
      Found = true;
      break;
    case 0:
      Work.append(Home.succs().begin(), Home.succs().end());
      break;
    default:
      break;
    }
    while (!Work.empty() && !Found) {
      const CFGBlock *B = Work.pop_back_val();
      if (Seen.test(B->Number))
        continue;
      Seen.set(B->Number);
      int R = Scan(B->FirstInst, B->EndInst);
      if (R == 2)
        Found = true;
      else if (R == 0)
        Work.append(B->succs().begin(), B->succs().end());
    }
    LeadsToChange[W] = Found ? 2 : 1;
    return Found;
  }
};

HandOffs::HandOffs(const HazardFunction &C,
                   llvm::ArrayRef<Tcgen05Opcode> Changers)
    : P(std::make_unique<Impl>(Impl{C, {Changers.begin(), Changers.end()}, {}})) {
  P->LeadsToChange.assign(C.F.Instructions.size(), 0);
}

HandOffs::~HandOffs() = default;

bool HandOffs::handsOff(uint32_t Release) {
  const HazardFunction &C = P->C;
  if (C.isOpcode(Release, Tcgen05Opcode::Dealloc))
    return true;
  SyncFamily Family = P->family(Release);
  if (Family == SyncFamily::None)
    return true;
  // A TMA transaction barrier: the arrive that sets the bytes to expect.
  if (Family == SyncFamily::Mbarrier && P->hasQualifier(Release, ".expect_tx"))
    return false;
  std::optional<uint64_t> Id =
      Family == SyncFamily::Named ? P->barrierId(Release) : std::nullopt;
  bool AnyWait = false;
  for (uint32_t W : C.syncsAndTcgen05()) {
    if (!C.threadSync(W).Acquires || P->family(W) != Family)
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
