//===- InternalError.h - Exceptions become internal-error reports -*- C++
//-*-===//
//
// The library is built with exceptions (the generated parser's runtime
// throws).  An exception that escapes a component is a bug in the checker,
// not in the user's PTX: it is reported as TC0010, an internal error, never
// as a user error and never by unwinding into a caller (the C interface).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_INTERNALERROR_H
#define TCGEN05_BASIC_INTERNALERROR_H

#include <exception>
#include <string>

namespace tcgen05 {

/// Runs Body.  If it throws, calls Report with what the exception says and
/// returns false; Report itself must not throw.
template <typename BodyFn, typename ReportFn>
bool catchInternalError(BodyFn &&Body, ReportFn &&Report) noexcept {
  try {
    Body();
    return true;
  } catch (const std::exception &E) {
    Report(std::string(E.what()));
  } catch (...) {
    Report(std::string("an exception of unknown type"));
  }
  return false;
}

} // namespace tcgen05

#endif
