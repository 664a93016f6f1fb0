//===- Tcgen05RulesDoc.h - Documentation from the rule tables ---*- C++ -*-===//
//
// docs/rules/ is generated from the same tables the checker runs, so the two
// cannot disagree; a test compares the committed pages with fresh output.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_TCGEN05RULESDOC_H
#define TCGEN05_SEMA_TCGEN05RULESDOC_H

#include <string>
#include <utility>
#include <vector>

namespace tcgen05 {

/// (file name, Markdown text) for every page of docs/rules/.
std::vector<std::pair<std::string, std::string>> renderTcgen05RulePages();

} // namespace tcgen05

#endif
