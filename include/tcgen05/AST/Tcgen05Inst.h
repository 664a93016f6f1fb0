//===- Tcgen05Inst.h - Structured tcgen05 instructions --------*- C++ -*-===//
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
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tcgen05 {

/// What the hazard lints ask of a tcgen05 instruction (TCGEN05_OPCODES'
/// last column).
enum Tcgen05OpcodeProperty : uint8_t {
  /// PTX ISA 9.7.16.6.1: the asynchronous tcgen05 instructions.
  T5Async = 1u << 0,
  /// 9.7.16.6.2.1.1: those whose completion tcgen05.commit tracks.
  T5Committed = 1u << 1,
  /// 9.7.16.5, Table 46: issued by one thread for the whole CTA ("an issue
  /// from a single thread ... would initiate").
  T5SingleIssue = 1u << 2,
};

// X(Name, Spelling, Properties): the tcgen05 instructions.
#define TCGEN05_OPCODES(X)                                                     \
  X(Alloc, "tcgen05.alloc", 0)                                                 \
  X(Dealloc, "tcgen05.dealloc", 0)                                             \
  X(RelinquishAllocPermit, "tcgen05.relinquish_alloc_permit", 0)               \
  X(Ld, "tcgen05.ld", T5Async)                                                 \
  X(St, "tcgen05.st", T5Async)                                                 \
  X(Wait, "tcgen05.wait", 0)                                                   \
  X(Cp, "tcgen05.cp", T5Async | T5Committed | T5SingleIssue)                   \
  X(Shift, "tcgen05.shift", T5Async | T5Committed | T5SingleIssue)             \
  X(Mma, "tcgen05.mma", T5Async | T5Committed | T5SingleIssue)                 \
  X(Fence, "tcgen05.fence", 0)                                                 \
  X(Commit, "tcgen05.commit", T5SingleIssue)

enum class Tcgen05Opcode : uint8_t {
#define X(Name, Spelling, Properties) Name,
  TCGEN05_OPCODES(X)
#undef X
};

/// Whether Op has every property of Mask.
constexpr bool hasProperty(Tcgen05Opcode Op, unsigned Mask) {
  switch (Op) {
#define X(Name, Spelling, Properties)                                          \
  case Tcgen05Opcode::Name:                                                    \
    return ((Properties)&Mask) == Mask;
    TCGEN05_OPCODES(X)
#undef X
  }
  return false;
}
llvm::StringRef tcgen05OpcodeName(Tcgen05Opcode Op);

/// What a qualifier selects.  The text stays in the source; the class says
/// which of the manual's qualifier sets it came from
/// (Tcgen05QualifierClasses.def).
enum class Tcgen05QualClass : uint8_t {
#define CLASS_RULE(Class, Noun, Repeatable, Rank) Class,
#include "tcgen05/AST/Tcgen05QualifierClasses.def"
};

/// The class of a qualifier word of any tcgen05 form
/// (Tcgen05Qualifiers.def); empty for a word no form has.
std::optional<Tcgen05QualClass> tcgen05QualifierClass(llvm::StringRef Word);

/// An instruction as its name words spell it (Tcgen05Forms.def):
/// tcgen05.mma.ws.sp has its own syntax section, tcgen05.mma.cta_group::1
/// does not.
enum class Tcgen05Form : uint8_t {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax) Id,
#include "tcgen05/AST/Tcgen05Forms.def"
};

struct Tcgen05FormSpelling {
  Tcgen05Opcode Opcode;
  /// "tcgen05.mma.ws.sp"
  llvm::StringRef Spelling;
  /// "9.7.16.10.9.4"
  llvm::StringRef Section;
  /// The manual's syntax lines, joined by " | ".
  llvm::StringRef Syntax;
};
const Tcgen05FormSpelling &tcgen05FormSpelling(Tcgen05Form F);
llvm::ArrayRef<Tcgen05FormSpelling> tcgen05FormSpellings();

/// The form its words spell ("tcgen05.wait::ld"); empty for none.
std::optional<Tcgen05Form> tcgen05FormOfSpelling(llvm::StringRef Spelling);

/// The form of an instruction of Op whose name words (.red, .sp, .ws,
/// .wait::ld, ...) HasVariant reports: of Op's forms whose other words it
/// all has, the one with the most.  Empty when none is (tcgen05.wait with
/// neither .wait::ld nor .wait::st).
std::optional<Tcgen05Form>
tcgen05FormOf(Tcgen05Opcode Op,
              llvm::function_ref<bool(llvm::StringRef)> HasVariant);

#define TCGEN05_OPERAND_ROLES(X)                                               \
  X(Dst, "dst")       /* alloc: [dst] shared address */                        \
  X(NCols, "nCols")   /* alloc, dealloc */                                     \
  X(TAddr, "taddr")   /* ld/st/cp/shift/dealloc tmem addr */                   \
  X(Values, "r")      /* ld destination / st source vector */                  \
  X(RedVal, "redval") /* ld.red reduction result */                            \
  X(ImmHalfSplitoff, "immHalfSplitoff")       /* .16x32bx2 offset */           \
  X(SDesc, "s-desc")                          /* cp source descriptor */       \
  X(DTmem, "d-tmem")                          /* mma [d-tmem] */               \
  X(ATmem, "a-tmem")                          /* mma [a-tmem] */               \
  X(ADesc, "a-desc")                          /* mma a-desc */                 \
  X(BDesc, "b-desc")                          /* mma b-desc */                 \
  X(SpMetaTmem, "sp-meta-tmem")               /* mma.sp [sp-meta-tmem] */      \
  X(IDesc, "idesc")                           /* mma instruction descriptor */ \
  X(ScaleATmem, "scale-A-tmem")               /* block_scale [scale-A-tmem] */ \
  X(ScaleBTmem, "scale-B-tmem")               /* block_scale [scale-B-tmem] */ \
  X(DisableOutputLane, "disable-output-lane") /* { ... } */                    \
  X(EnableInputD, "enable-input-d")           /* predicate */                  \
  X(ScaleInputD, "scale-input-d")             /* immediate 0..15 */            \
  X(ExtraImm, "extra-imm")                /* ptxas only: immediate 0..15 */    \
  X(ZeroColMask, "zero-column-mask-desc") /* mma.ws */                         \
  X(MBar, "mbar")                         /* commit [mbar] */                  \
  X(CtaMask, "ctaMask")                   /* commit multicast mask */

enum class Tcgen05OperandRole : uint8_t {
#define X(Name, Spelling) Name,
  TCGEN05_OPERAND_ROLES(X)
#undef X
};
llvm::StringRef tcgen05OperandRoleName(Tcgen05OperandRole R);

/// Whether an instruction reads or writes an operand's registers
/// (Tcgen05Operands.def, Access).
enum class Tcgen05Access : uint8_t { Read, Write };

/// The roles (bit 1 << role) whose registers an instruction of Op writes:
/// tcgen05.ld's destination vector and reduction value, nothing else.
uint32_t tcgen05WrittenRoles(Tcgen05Opcode Op);

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
