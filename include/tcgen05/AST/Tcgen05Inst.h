//===- Tcgen05Inst.h - Structured tcgen05 instructions -----------*- C++ -*-===//
//
// The structured form of one tcgen05 statement, produced from the tcgen05
// grammar (grammar/) and consumed by the semantic checker.  Qualifiers are
// classified by what they select; operands are named by their role in the
// instruction's syntax (PTX ISA 9.7.16.7 - 9.7.16.11).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_AST_TCGEN05INST_H
#define TCGEN05_AST_TCGEN05INST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace tcgen05 {

#define TCGEN05_OPCODES(X)                                                     \
  X(Alloc, "tcgen05.alloc")                                                    \
  X(Dealloc, "tcgen05.dealloc")                                                \
  X(RelinquishAllocPermit, "tcgen05.relinquish_alloc_permit")                  \
  X(Ld, "tcgen05.ld")                                                          \
  X(St, "tcgen05.st")                                                          \
  X(Wait, "tcgen05.wait")                                                      \
  X(Cp, "tcgen05.cp")                                                          \
  X(Shift, "tcgen05.shift")                                                    \
  X(Mma, "tcgen05.mma")                                                        \
  X(Fence, "tcgen05.fence")                                                    \
  X(Commit, "tcgen05.commit")

enum class Tcgen05Opcode : uint8_t {
#define X(Name, Spelling) Name,
  TCGEN05_OPCODES(X)
#undef X
};
llvm::StringRef tcgen05OpcodeName(Tcgen05Opcode Op);

/// What a qualifier selects.  The text stays in the source; the class says
/// which of the manual's qualifier sets it came from.
#define TCGEN05_QUALIFIER_CLASSES(X)                                           \
  X(Variant, "instruction")              /* the name and its variant parts:   \
                                            .mma .sp .ws .ld .red .wait::ld   \
                                            .fence::before_thread_sync */      \
  X(CtaGroup, "cta_group")               /* .cta_group::1 */                   \
  X(Sync, "sync")                        /* .sync */                           \
  X(Aligned, "aligned")                  /* .aligned */                        \
  X(StateSpace, "state space")           /* .shared::cta .shared::cluster */   \
  X(Type, "type")                        /* .b32 .b64 .u32 .s32 .f32 */        \
  X(Shape, "shape")                      /* .32x32b .128x256b */               \
  X(Num, "num")                          /* .x1 ... .x128 */                   \
  X(Pack, "pack")                        /* .pack::16b .unpack::16b */         \
  X(RedOp, "reduction")                  /* .min .max */                       \
  X(Abs, "abs")                          /* .abs */                            \
  X(NaN, "NaN")                          /* .NaN */                            \
  X(Kind, "kind")                        /* .kind::f16 */                      \
  X(BlockScale, "block_scale")           /* .block_scale */                    \
  X(ScaleVec, "scale vector size")       /* .scale_vec::2X .block16 */         \
  X(Collector, "collector usage")        /* .collector::a::fill */             \
  X(Ashift, "ashift")                    /* .ashift */                         \
  X(Multicast, "multicast")              /* .warpx2::02_13 .warpx4            \
                                            .multicast::cluster */             \
  X(DstFmt, "destination format")        /* .b8x16 */                          \
  X(SrcFmt, "source format")             /* .b6x16_p32 .b4x16_p64 */           \
  X(Down, "direction")                   /* .down */                           \
  X(Completion, "completion mechanism")  /* .mbarrier::arrive::one */          \
  X(Unknown, "unknown")                  /* anything else (checker reports) */

enum class Tcgen05QualClass : uint8_t {
#define X(Name, Desc) Name,
  TCGEN05_QUALIFIER_CLASSES(X)
#undef X
};
llvm::StringRef tcgen05QualClassName(Tcgen05QualClass C);

#define TCGEN05_OPERAND_ROLES(X)                                               \
  X(Dst, "dst")                       /* alloc: [dst] shared address */        \
  X(NCols, "nCols")                   /* alloc, dealloc */                     \
  X(TAddr, "taddr")                   /* ld/st/cp/shift/dealloc tmem addr */   \
  X(Values, "r")                      /* ld destination / st source vector */  \
  X(RedVal, "redval")                 /* ld.red reduction result */            \
  X(ImmHalfSplitoff, "immHalfSplitoff") /* .16x32bx2 offset */                 \
  X(SDesc, "s-desc")                  /* cp source descriptor */               \
  X(DTmem, "d-tmem")                  /* mma [d-tmem] */                       \
  X(ATmem, "a-tmem")                  /* mma [a-tmem] */                       \
  X(ADesc, "a-desc")                  /* mma a-desc */                         \
  X(BDesc, "b-desc")                  /* mma b-desc */                         \
  X(SpMetaTmem, "sp-meta-tmem")       /* mma.sp [sp-meta-tmem] */              \
  X(IDesc, "idesc")                   /* mma instruction descriptor */         \
  X(ScaleATmem, "scale-A-tmem")       /* block_scale [scale-A-tmem] */         \
  X(ScaleBTmem, "scale-B-tmem")       /* block_scale [scale-B-tmem] */         \
  X(DisableOutputLane, "disable-output-lane") /* { ... } */                    \
  X(EnableInputD, "enable-input-d")   /* predicate */                          \
  X(ScaleInputD, "scale-input-d")     /* immediate 0..15 */                    \
  X(ExtraImm, "extra-imm")            /* ptxas only: immediate 0..15 */        \
  X(ZeroColMask, "zero-column-mask-desc") /* mma.ws */                         \
  X(MBar, "mbar")                     /* commit [mbar] */                      \
  X(CtaMask, "ctaMask")               /* commit multicast mask */

enum class Tcgen05OperandRole : uint8_t {
#define X(Name, Spelling) Name,
  TCGEN05_OPERAND_ROLES(X)
#undef X
};
llvm::StringRef tcgen05OperandRoleName(Tcgen05OperandRole R);

struct Tcgen05Qualifier {
  Tcgen05QualClass Class;
  /// Index into the function's qualifier pool (the generic parse's Span).
  uint32_t Qualifier;
};

struct Tcgen05Operand {
  Tcgen05OperandRole Role;
  /// Index into the function's operand pool (a top-level operand of the
  /// instruction).
  uint32_t Operand;
};

struct Tcgen05Pool {
  std::vector<Tcgen05Qualifier> Qualifiers;
  std::vector<Tcgen05Operand> Operands;
  void clear() {
    Qualifiers.clear();
    Operands.clear();
  }
};

/// Every qualifier of the generic parse appears once in Qualifiers, in
/// source order, the instruction name ('.mma') included (class Variant).
struct Tcgen05Inst {
  Tcgen05Opcode Opcode;
  /// Index into Function::Instructions.
  uint32_t Instruction;
  /// Into Tcgen05Pool::Qualifiers, in source order.
  uint32_t FirstQualifier = 0, NumQualifiers = 0;
  /// Into Tcgen05Pool::Operands, in source order.
  uint32_t FirstOperand = 0, NumOperands = 0;
};

} // namespace tcgen05

#endif
