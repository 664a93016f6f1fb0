//===- CudaSource.h - CUDA source lines of PTX findings ----------*- C++
//-*-===//
//
// nvcc's PTX carries .file and .loc lines (with -lineinfo or -G): each .loc
// names the CUDA source line the instructions after it come from, and an
// inlined function's .loc names, through inlined_at, the .loc of the call
// it was inlined into.  A kernel author thinks in those lines, so every
// finding in a function with .loc lines gets notes: the CUDA source line,
// the (demangled) function, and the chain of calls it was inlined through.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_CUDASOURCE_H
#define TCGEN05_FRONTEND_CUDASOURCE_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"

#include <vector>

namespace tcgen05 {

/// Adds the CUDA source notes to the errors and warnings of Diags that lie
/// in M's functions; Text is M's buffer.  Costs a search for ".loc" when
/// the module has none.
void addCudaSourceNotes(const Module &M, llvm::StringRef Text,
                        std::vector<Diagnostic> &Diags);

/// Whether addCudaSourceNotes would annotate one of Diags, and so read the
/// module's debug sections (the names of inlined functions), wherever they
/// are in the text.
bool addsCudaSourceNotes(const Module &M, llvm::StringRef Text,
                         llvm::ArrayRef<Diagnostic> Diags);

} // namespace tcgen05

#endif
