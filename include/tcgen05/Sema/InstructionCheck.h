//===- InstructionCheck.h - The rules of one instruction --------*- C++ -*-===//
//
// Sema's one entry point for the rules of an instruction, whatever it is:
// a tcgen05 instruction against the tcgen05 tables (Tcgen05Check.h), one of
// PTX ISA 9.7.17 - 9.7.19 against OtherInstructions.def, wgmma against its
// fragments (OtherInstructionCheck.h).  Other instructions have no rules of
// their own here.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_INSTRUCTIONCHECK_H
#define TCGEN05_SEMA_INSTRUCTIONCHECK_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Sema/Tcgen05Check.h"

namespace tcgen05 {

/// Checks instruction Index of F with the registers visible at it.
void checkInstruction(const Module &M, const Function &F, uint32_t Index,
                      const RegisterLookup &Regs, DiagnosticSink &Sink);

} // namespace tcgen05

#endif
