//===- OtherInstructionCheck.h - Stack and miscellaneous rules ---*- C++
//-*-===//
//
// The instructions PTX ISA 9.7.17 (stacksave, stackrestore, alloca), 9.7.18
// (the scalar and SIMD video instructions) and 9.7.19 (brkpt, nanosleep,
// pmevent, trap, setmaxnreg) define, checked from the rows of
// lib/Sema/OtherInstructions.def: qualifiers, operand count, kinds,
// register widths, video selectors, immediate ranges, the rules between
// qualifiers and operands, target and PTX version.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_OTHERINSTRUCTIONCHECK_H
#define TCGEN05_SEMA_OTHERINSTRUCTIONCHECK_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Sema/Tcgen05Check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tcgen05 {

/// Whether OtherInstructions.def has a row for Opcode.
bool isOtherCheckedOpcode(Opcode Op);

/// Checks instruction Index of F, whose opcode isOtherCheckedOpcode, with
/// the registers visible at it.
void checkOtherInstruction(const Module &M, const Function &F, uint32_t Index,
                           const RegisterLookup &Regs, DiagnosticSink &Sink);

/// Checks a wgmma instruction (instruction Index of F): its name, and for
/// wgmma.mma_async the rules of PTX ISA 9.7.15.5.1 and 9.7.15.5.2
/// (lib/Sema/WgmmaFragments.def): its target, shape, types and qualifiers,
/// the vectors of its accumulator and of A in registers, B's descriptor and
/// the scalar operands.
void checkWgmmaFragments(const Module &M, const Function &F, uint32_t Index,
                         const RegisterLookup &Regs, DiagnosticSink &Sink);

/// One row of WgmmaFragments.def, for the generated documentation and tests.
struct WgmmaFragment {
  unsigned K;
  std::vector<std::string> ATypes; ///< A's and B's
  bool Same;                       ///< A and B of one type
  std::string DType;
  bool
      IntegerN; ///< N = 8, 16, 24, 32, 48, ..., 256 rather than 8, 16, ..., 256
  unsigned DDiv;            ///< d holds N / DDiv registers
  bool DFloat;              ///< d may be .f32 registers
  unsigned DescOps, RegOps; ///< operands with A in shared memory, in registers
  std::string Section;
  /// The qualifiers besides the name, shape and types that the manual
  /// requires of the row, in the syntax's order ('.sync', '.aligned', ...).
  std::vector<std::string> Required;
  bool validN(unsigned N) const;
};
std::vector<WgmmaFragment> wgmmaFragments();

/// The WGMMA_QUAL and WGMMA_SCALAR rows, for the generated documentation.
struct WgmmaSyntaxRow {
  std::string Name; ///< '.sync', 'imm-scale-a'
  std::string
      Takes;       ///< a qualifier: the rows that take it; a scalar: its values
  std::string Use; ///< how a qualifier is required; how a scalar is written
  std::string Note; ///< repeatable, order; A in shared memory only
};
std::vector<WgmmaSyntaxRow> wgmmaQualifierRows();
/// The WGMMA_NAME rows: the first qualifier of each wgmma instruction.
std::vector<std::string> wgmmaNames();
std::vector<WgmmaSyntaxRow> wgmmaScalarRows();

/// What one operand of a row takes (OtherInstructions.def, Kind).
enum class OtherOperandKind : uint8_t {
  Result,
  Typed,
  TypedOrImm,
  Reg32OrImm,
  Imm,
  Video,
  VideoReg,
  VideoNeg
};
/// The video selectors an operand may carry (OtherInstructions.def, Sel).
enum class OtherSelectors : uint8_t {
  NoSel,
  ScalarSel,
  Simd2Mask,
  Simd2Sel,
  Simd4Mask,
  Simd4Sel
};
/// A rule between qualifiers and operands (OtherInstructions.def, OTHER_RULE).
enum class OtherRule : uint8_t {
  SecondaryNeedsC,
  DestSelMerge,
  SatNotWithAdd,
  PoNotWithNegation
};
/// The selectors of a set, spelled for notes and documentation.
const char *describeSelectors(OtherSelectors S);

/// One row of OtherInstructions.def with its slots and operands, for the
/// generated documentation and the tests generated from the table.
struct OtherInstructionForm {
  struct Slot {
    std::string Name;
    std::vector<std::string> Values;
    bool Required;   ///< Required, First or Repeatable
    bool First;      ///< must be the first qualifier
    bool Repeatable; ///< ptxas accepts it written twice
  };
  struct OperandSpec {
    std::string Name;
    OtherOperandKind Kind;
    int64_t Min, Max; ///< Min > Max: no range
    int64_t Step;     ///< 0: none; -1: a power of 2
    bool Optional;
    OtherSelectors Sel;
  };
  std::string Name; ///< "pmevent.mask"
  std::string Opcode;
  std::string Variant;
  std::string Section;
  unsigned MinPTX; ///< major * 10 + minor
  unsigned MinSM;  ///< 0: every target
  /// The targets beyond MinSM, described; empty when there is no such set.
  std::string Targets;
  std::vector<Slot> Slots;
  std::vector<OperandSpec> Operands;
  std::vector<OtherRule> Rules;
};
std::vector<OtherInstructionForm> otherInstructionForms();

} // namespace tcgen05

#endif
