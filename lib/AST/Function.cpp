//===- Function.cpp - Body storage of a function --------------------------===//

#include "tcgen05/AST/AST.h"

#include "tcgen05/Basic/FindText.h"

using namespace tcgen05;

bool Function::namesTcgen05() const {
  return findText(Body.text(), "tcgen05") != llvm::StringRef::npos;
}

void Function::swapBody(Function &Other) {
  Operands.swap(Other.Operands);
  Qualifiers.swap(Other.Qualifiers);
  Declarators.swap(Other.Declarators);
  Declarations.swap(Other.Declarations);
  Directives.swap(Other.Directives);
  Statements.swap(Other.Statements);
  Instructions.swap(Other.Instructions);
  Labels.swap(Other.Labels);
  Tcgen05.swap(Other.Tcgen05);
  Tcgen05Nodes.Qualifiers.swap(Other.Tcgen05Nodes.Qualifiers);
  Tcgen05Nodes.Operands.swap(Other.Tcgen05Nodes.Operands);
}

void Function::clearBody() {
  NodePool::clear();
  Statements.clear();
  Instructions.clear();
  Labels.clear();
  Tcgen05.clear();
  Tcgen05Nodes.clear();
}
