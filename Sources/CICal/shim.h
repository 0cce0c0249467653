#ifndef TIDINGS_CICAL_SHIM_H
#define TIDINGS_CICAL_SHIM_H
#include <libical/ical.h>
#endif
