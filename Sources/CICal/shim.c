/* Calls into libical through a table loaded with dlopen on first use (see include/shim.h). */
/* libical's headers declare its functions with default visibility; here they are hidden, so the
   wrappers below stay out of the programs' dynamic symbol tables and libical's calls to its own
   functions never land on them. */
#define LIBICAL_ICAL_EXPORT_H
#define LIBICAL_ICAL_EXPORT __attribute__((visibility("hidden")))
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Every libical function Tidings calls. A new one goes here and gets a wrapper below. */
#define TIDINGS_ICAL_FUNCTIONS(X) \
    X(icalcomponent_add_property) \
    X(icalcomponent_free) \
    X(icalcomponent_get_first_component) \
    X(icalcomponent_get_first_property) \
    X(icalcomponent_get_next_component) \
    X(icalcomponent_get_next_property) \
    X(icalcomponent_get_timezone) \
    X(icalcomponent_isa) \
    X(icalcomponent_remove_component) \
    X(icalcomponent_remove_property) \
    X(icaldurationtype_as_int) \
    X(icaldurationtype_is_bad_duration) \
    X(icalerrno_return) \
    X(icalerror_clear_errno) \
    X(icalerror_set_errors_are_fatal) \
    X(icalmemory_free_buffer) \
    X(icalparameter_enum_to_string) \
    X(icalparameter_get_partstat) \
    X(icalparameter_get_range) \
    X(icalparameter_get_related) \
    X(icalparameter_get_tzid) \
    X(icalparameter_get_xvalue) \
    X(icalparser_parse_string) \
    X(icalproperty_free) \
    X(icalproperty_get_action) \
    X(icalproperty_get_attendee) \
    X(icalproperty_get_conference) \
    X(icalproperty_get_description) \
    X(icalproperty_get_dtend) \
    X(icalproperty_get_dtstamp) \
    X(icalproperty_get_dtstart) \
    X(icalproperty_get_duration) \
    X(icalproperty_get_exdate) \
    X(icalproperty_get_first_parameter) \
    X(icalproperty_get_location) \
    X(icalproperty_get_organizer) \
    X(icalproperty_get_parameter_as_string) \
    X(icalproperty_get_rdate) \
    X(icalproperty_get_recurrenceid) \
    X(icalproperty_get_rrule) \
    X(icalproperty_get_sequence) \
    X(icalproperty_get_status) \
    X(icalproperty_get_summary) \
    X(icalproperty_get_trigger) \
    X(icalproperty_get_uid) \
    X(icalproperty_get_url) \
    X(icalproperty_get_value_as_string) \
    X(icalproperty_get_value_as_string_r) \
    X(icalproperty_get_x_name) \
    X(icalproperty_get_xlicerror) \
    X(icalproperty_isa) \
    X(icalproperty_new_rrule) \
    X(icalproperty_new_uid) \
    X(icalrecur_iterator_free) \
    X(icalrecur_iterator_new) \
    X(icalrecur_iterator_next) \
    X(icalrecur_iterator_set_start) \
    X(icalrecurrencetype_day_day_of_week) \
    X(icalrecurrencetype_day_position) \
    X(icalrecurrencetype_from_string) \
    X(icaltime_as_timet_with_zone) \
    X(icaltime_is_null_time) \
    X(icaltime_is_utc) \
    X(icaltimezone_get_builtin_timezone) \
    X(icaltimezone_get_component) \
    X(icaltimezone_get_utc_offset_of_utc_time) \
    X(icaltimezone_get_utc_timezone)

typedef struct {
    int loaded;
    const char *error;
#define TIDINGS_ICAL_FIELD(name) __typeof__(&name) name;
    TIDINGS_ICAL_FUNCTIONS(TIDINGS_ICAL_FIELD)
#undef TIDINGS_ICAL_FIELD
} tidings_ical_table;

/* One table for the whole process. */
static tidings_ical_table table;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
    void *handle = dlopen("libical.so.3", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        table.error = dlerror();
        return;
    }
#define TIDINGS_ICAL_SYMBOL(name)                                  \
    if ((*(void **)&table.name = dlsym(handle, #name)) == NULL) { \
        table.error = "libical.so.3 lacks " #name;                \
        return;                                                    \
    }
    TIDINGS_ICAL_FUNCTIONS(TIDINGS_ICAL_SYMBOL)
#undef TIDINGS_ICAL_SYMBOL
    table.loaded = 1;
}

const char *tidings_ical_load(void) {
    pthread_once(&once, load_once);
    if (table.loaded) return NULL;
    return table.error != NULL ? table.error : "libical could not be loaded";
}

/* The table, loaded. Callers check tidings_ical_load() before their first call; a call that
   comes first anyway, with libical missing, cannot go on and says why. */
static tidings_ical_table *ical(void) {
    const char *problem = tidings_ical_load();
    if (problem != NULL) {
        fprintf(stderr, "cannot load libical: %s\n", problem);
        abort();
    }
    return &table;
}

/* The wrappers keep libical's own names and signatures (declared by <libical/ical.h>), so the
   Swift code calls libical as if it were linked. */
void icalcomponent_add_property(icalcomponent *a, icalproperty *b) { ical()->icalcomponent_add_property(a, b); }
void icalcomponent_free(icalcomponent *a) { ical()->icalcomponent_free(a); }
icalcomponent *icalcomponent_get_first_component(icalcomponent *a, icalcomponent_kind b) { return ical()->icalcomponent_get_first_component(a, b); }
icalproperty *icalcomponent_get_first_property(icalcomponent *a, icalproperty_kind b) { return ical()->icalcomponent_get_first_property(a, b); }
icalcomponent *icalcomponent_get_next_component(icalcomponent *a, icalcomponent_kind b) { return ical()->icalcomponent_get_next_component(a, b); }
icalproperty *icalcomponent_get_next_property(icalcomponent *a, icalproperty_kind b) { return ical()->icalcomponent_get_next_property(a, b); }
icaltimezone *icalcomponent_get_timezone(icalcomponent *a, const char *b) { return ical()->icalcomponent_get_timezone(a, b); }
icalcomponent_kind icalcomponent_isa(const icalcomponent *a) { return ical()->icalcomponent_isa(a); }
void icalcomponent_remove_component(icalcomponent *a, icalcomponent *b) { ical()->icalcomponent_remove_component(a, b); }
void icalcomponent_remove_property(icalcomponent *a, icalproperty *b) { ical()->icalcomponent_remove_property(a, b); }
int icaldurationtype_as_int(struct icaldurationtype a) { return ical()->icaldurationtype_as_int(a); }
int icaldurationtype_is_bad_duration(struct icaldurationtype a) { return ical()->icaldurationtype_is_bad_duration(a); }
icalerrorenum *icalerrno_return(void) { return ical()->icalerrno_return(); }
void icalerror_clear_errno(void) { ical()->icalerror_clear_errno(); }
void icalerror_set_errors_are_fatal(int a) { ical()->icalerror_set_errors_are_fatal(a); }
void icalmemory_free_buffer(void *a) { ical()->icalmemory_free_buffer(a); }
const char *icalparameter_enum_to_string(int a) { return ical()->icalparameter_enum_to_string(a); }
icalparameter_partstat icalparameter_get_partstat(const icalparameter *a) { return ical()->icalparameter_get_partstat(a); }
icalparameter_range icalparameter_get_range(const icalparameter *a) { return ical()->icalparameter_get_range(a); }
icalparameter_related icalparameter_get_related(const icalparameter *a) { return ical()->icalparameter_get_related(a); }
const char *icalparameter_get_tzid(const icalparameter *a) { return ical()->icalparameter_get_tzid(a); }
const char *icalparameter_get_xvalue(icalparameter *a) { return ical()->icalparameter_get_xvalue(a); }
icalcomponent *icalparser_parse_string(const char *a) { return ical()->icalparser_parse_string(a); }
void icalproperty_free(icalproperty *a) { ical()->icalproperty_free(a); }
enum icalproperty_action icalproperty_get_action(const icalproperty *a) { return ical()->icalproperty_get_action(a); }
const char *icalproperty_get_attendee(const icalproperty *a) { return ical()->icalproperty_get_attendee(a); }
const char *icalproperty_get_conference(const icalproperty *a) { return ical()->icalproperty_get_conference(a); }
const char *icalproperty_get_description(const icalproperty *a) { return ical()->icalproperty_get_description(a); }
struct icaltimetype icalproperty_get_dtend(const icalproperty *a) { return ical()->icalproperty_get_dtend(a); }
struct icaltimetype icalproperty_get_dtstamp(const icalproperty *a) { return ical()->icalproperty_get_dtstamp(a); }
struct icaltimetype icalproperty_get_dtstart(const icalproperty *a) { return ical()->icalproperty_get_dtstart(a); }
struct icaldurationtype icalproperty_get_duration(const icalproperty *a) { return ical()->icalproperty_get_duration(a); }
struct icaltimetype icalproperty_get_exdate(const icalproperty *a) { return ical()->icalproperty_get_exdate(a); }
icalparameter *icalproperty_get_first_parameter(icalproperty *a, icalparameter_kind b) { return ical()->icalproperty_get_first_parameter(a, b); }
const char *icalproperty_get_location(const icalproperty *a) { return ical()->icalproperty_get_location(a); }
const char *icalproperty_get_organizer(const icalproperty *a) { return ical()->icalproperty_get_organizer(a); }
const char *icalproperty_get_parameter_as_string(icalproperty *a, const char *b) { return ical()->icalproperty_get_parameter_as_string(a, b); }
struct icaldatetimeperiodtype icalproperty_get_rdate(const icalproperty *a) { return ical()->icalproperty_get_rdate(a); }
struct icaltimetype icalproperty_get_recurrenceid(const icalproperty *a) { return ical()->icalproperty_get_recurrenceid(a); }
struct icalrecurrencetype icalproperty_get_rrule(const icalproperty *a) { return ical()->icalproperty_get_rrule(a); }
int icalproperty_get_sequence(const icalproperty *a) { return ical()->icalproperty_get_sequence(a); }
enum icalproperty_status icalproperty_get_status(const icalproperty *a) { return ical()->icalproperty_get_status(a); }
const char *icalproperty_get_summary(const icalproperty *a) { return ical()->icalproperty_get_summary(a); }
struct icaltriggertype icalproperty_get_trigger(const icalproperty *a) { return ical()->icalproperty_get_trigger(a); }
const char *icalproperty_get_uid(const icalproperty *a) { return ical()->icalproperty_get_uid(a); }
const char *icalproperty_get_url(const icalproperty *a) { return ical()->icalproperty_get_url(a); }
const char *icalproperty_get_value_as_string(const icalproperty *a) { return ical()->icalproperty_get_value_as_string(a); }
char *icalproperty_get_value_as_string_r(const icalproperty *a) { return ical()->icalproperty_get_value_as_string_r(a); }
const char *icalproperty_get_x_name(icalproperty *a) { return ical()->icalproperty_get_x_name(a); }
const char *icalproperty_get_xlicerror(const icalproperty *a) { return ical()->icalproperty_get_xlicerror(a); }
icalproperty_kind icalproperty_isa(icalproperty *a) { return ical()->icalproperty_isa(a); }
icalproperty *icalproperty_new_rrule(struct icalrecurrencetype a) { return ical()->icalproperty_new_rrule(a); }
icalproperty *icalproperty_new_uid(const char *a) { return ical()->icalproperty_new_uid(a); }
void icalrecur_iterator_free(icalrecur_iterator *a) { ical()->icalrecur_iterator_free(a); }
icalrecur_iterator *icalrecur_iterator_new(struct icalrecurrencetype a, struct icaltimetype b) { return ical()->icalrecur_iterator_new(a, b); }
struct icaltimetype icalrecur_iterator_next(icalrecur_iterator *a) { return ical()->icalrecur_iterator_next(a); }
int icalrecur_iterator_set_start(icalrecur_iterator *a, struct icaltimetype b) { return ical()->icalrecur_iterator_set_start(a, b); }
enum icalrecurrencetype_weekday icalrecurrencetype_day_day_of_week(short int a) { return ical()->icalrecurrencetype_day_day_of_week(a); }
int icalrecurrencetype_day_position(short int a) { return ical()->icalrecurrencetype_day_position(a); }
struct icalrecurrencetype icalrecurrencetype_from_string(const char *a) { return ical()->icalrecurrencetype_from_string(a); }
time_t icaltime_as_timet_with_zone(const struct icaltimetype a, const icaltimezone *b) { return ical()->icaltime_as_timet_with_zone(a, b); }
int icaltime_is_null_time(const struct icaltimetype a) { return ical()->icaltime_is_null_time(a); }
int icaltime_is_utc(const struct icaltimetype a) { return ical()->icaltime_is_utc(a); }
icaltimezone *icaltimezone_get_builtin_timezone(const char *a) { return ical()->icaltimezone_get_builtin_timezone(a); }
icalcomponent *icaltimezone_get_component(icaltimezone *a) { return ical()->icaltimezone_get_component(a); }
int icaltimezone_get_utc_offset_of_utc_time(icaltimezone *a, struct icaltimetype *b, int *c) { return ical()->icaltimezone_get_utc_offset_of_utc_time(a, b, c); }
icaltimezone *icaltimezone_get_utc_timezone(void) { return ical()->icaltimezone_get_utc_timezone(); }
