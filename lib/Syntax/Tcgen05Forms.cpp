//===- Tcgen05Forms.cpp - The manual's tcgen05 syntax forms ---------------===//
//
// Operand lists follow the manual's notation: {...} around an optional part,
// [x] an address, { x } a vector.
//
//===----------------------------------------------------------------------===//

#include "Tcgen05Forms.h"

#include "llvm/Support/ErrorHandling.h"

using namespace tcgen05;

const Tcgen05FormInfo &tcgen05::getTcgen05FormInfo(Tcgen05Form F) {
  switch (F) {
  case Tcgen05Form::Alloc: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Alloc,
        "tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols",
        "9.7.16.7.1"};
    return I;
  }
  case Tcgen05Form::Dealloc: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Dealloc,
        "tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols",
        "9.7.16.7.1"};
    return I;
  }
  case Tcgen05Form::RelinquishAllocPermit: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::RelinquishAllocPermit,
        "tcgen05.relinquish_alloc_permit.cta_group.sync.aligned (no operands)",
        "9.7.16.7.1"};
    return I;
  }
  case Tcgen05Form::Ld: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Ld,
        "tcgen05.ld.sync.aligned.shape1.num{.pack}.b32 r, [taddr] | "
        "tcgen05.ld.sync.aligned.16x32bx2.num{.pack}.b32 r, [taddr], "
        "immHalfSplitoff",
        "9.7.16.8.3"};
    return I;
  }
  case Tcgen05Form::LdRed: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Ld,
        "tcgen05.ld.red.sync.aligned.shape.num.redOp{.abs}{.NaN}.type "
        "r, redval, [taddr]{, immHalfSplitoff}",
        "9.7.16.8.3"};
    return I;
  }
  case Tcgen05Form::St: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::St,
        "tcgen05.st.sync.aligned.shape1.num{.unpack}.b32 [taddr], r | "
        "tcgen05.st.sync.aligned.16x32bx2.num{.unpack}.b32 [taddr], "
        "immHalfSplitoff, r",
        "9.7.16.8.4"};
    return I;
  }
  case Tcgen05Form::Wait: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Wait,
        "tcgen05.wait::ld.sync.aligned | tcgen05.wait::st.sync.aligned "
        "(no operands)",
        "9.7.16.8.5"};
    return I;
  }
  case Tcgen05Form::Cp: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Cp,
        "tcgen05.cp.cta_group.shape{.multicast}{.dst_fmt.src_fmt} [taddr], "
        "s-desc",
        "9.7.16.9.2"};
    return I;
  }
  case Tcgen05Form::Shift: {
    static const Tcgen05FormInfo I = {Tcgen05Opcode::Shift,
                                      "tcgen05.shift.cta_group.down [taddr]",
                                      "9.7.16.9.3"};
    return I;
  }
  case Tcgen05Form::Mma: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Mma,
        "tcgen05.mma.cta_group.kind [d-tmem], a-desc or [a-tmem], b-desc, "
        "idesc{, { disable-output-lane }}, enable-input-d{, scale-input-d} | "
        "tcgen05.mma.cta_group.kind.block_scale [d-tmem], a-desc or [a-tmem], "
        "b-desc, idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d",
        "9.7.16.10.9.1"};
    return I;
  }
  case Tcgen05Form::MmaSp: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Mma,
        "tcgen05.mma.sp.cta_group.kind [d-tmem], a-desc or [a-tmem], b-desc, "
        "[sp-meta-tmem], idesc{, { disable-output-lane }}, "
        "enable-input-d{, scale-input-d} | "
        "tcgen05.mma.sp.cta_group.kind.block_scale [d-tmem], a-desc or "
        "[a-tmem], b-desc, [sp-meta-tmem], idesc, [scale-A-tmem], "
        "[scale-B-tmem], enable-input-d",
        "9.7.16.10.9.2"};
    return I;
  }
  case Tcgen05Form::MmaWs: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Mma,
        "tcgen05.mma.ws.cta_group::1.kind{.collector_usage} [d-tmem], a-desc "
        "or "
        "[a-tmem], b-desc, idesc, enable-input-d{, zero-column-mask-desc}",
        "9.7.16.10.9.3"};
    return I;
  }
  case Tcgen05Form::MmaWsSp: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Mma,
        "tcgen05.mma.ws.sp.cta_group::1.kind{.collector_usage} [d-tmem], "
        "a-desc "
        "or [a-tmem], b-desc, [sp-meta-tmem], idesc, "
        "enable-input-d{, zero-column-mask-desc}",
        "9.7.16.10.9.4"};
    return I;
  }
  case Tcgen05Form::Fence: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Fence,
        "tcgen05.fence::before_thread_sync | tcgen05.fence::after_thread_sync "
        "(no qualifiers or operands)",
        "9.7.16.11.1"};
    return I;
  }
  case Tcgen05Form::Commit: {
    static const Tcgen05FormInfo I = {
        Tcgen05Opcode::Commit,
        "tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}"
        "{.multicast::cluster}.b64 [mbar]{, ctaMask}",
        "9.7.16.12.1"};
    return I;
  }
  }
  llvm_unreachable("unknown tcgen05 form");
}

llvm::StringRef tcgen05::tcgen05InstructionList() {
  return "tcgen05.alloc, tcgen05.dealloc, tcgen05.relinquish_alloc_permit, "
         "tcgen05.ld, tcgen05.ld.red, tcgen05.st, tcgen05.wait::ld, "
         "tcgen05.wait::st, tcgen05.cp, tcgen05.shift, tcgen05.mma, "
         "tcgen05.mma.sp, tcgen05.mma.ws, tcgen05.mma.ws.sp, "
         "tcgen05.fence::before_thread_sync, "
         "tcgen05.fence::after_thread_sync, tcgen05.commit";
}
