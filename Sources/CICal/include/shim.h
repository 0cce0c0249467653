#ifndef TIDINGS_CICAL_SHIM_H
#define TIDINGS_CICAL_SHIM_H

#include <libical/ical.h>

/* libical is loaded with dlopen on first use instead of being linked: linking it makes the
   dynamic loader map libical and what it needs (libicalss, libicalvcal, ICU, Berkeley DB) at
   every start of every program, which an idle `deliver` run, which never reads a calendar,
   pays for in start-up time and memory. shim.c defines each libical function Tidings calls,
   under libical's own name, as a call through one table of function pointers. */

/* Loads libical once; NULL when it is ready, else why not (thread-safe). */
const char *tidings_ical_load(void);

#endif
