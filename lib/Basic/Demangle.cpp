//===- Demangle.cpp - Readable names of C++ functions ---------------------===//

#include "tcgen05/Basic/Demangle.h"

#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

using namespace tcgen05;

std::string tcgen05::readableFunctionName(llvm::StringRef Mangled) {
  // The demangler keeps pointers into the name it parsed.
  std::string Name = Mangled.str();
  llvm::ItaniumPartialDemangler D;
  if (D.partialDemangle(Name.c_str()))
    return llvm::demangle(Name);
  auto Take = [](char *Buf) {
    std::string S = Buf ? Buf : "";
    std::free(Buf);
    return S;
  };
  std::string Context = Take(D.getFunctionDeclContextName(nullptr, nullptr));
  std::string Base = Take(D.getFunctionBaseName(nullptr, nullptr));
  if (Base.empty())
    return llvm::demangle(Name);
  return Context.empty() ? Base : Context + "::" + Base;
}
