// tests/test_environment_parsers.c: the parsers of gbgpu's environment variables (host test).
// SPDX-License-Identifier: Apache-2.0
//
// GBGPU_DEVICES (gbgpu_parse_devices): "all" in any case, device numbers
// 0 to 63 separated by commas with spaces around them, and everything else
// refused, leaving the value as it was; numbers and switches as the README
// says (gbgpu_parse_count, gbgpu_parse_switch).

#include "test_support.h"
#include "core/environment.h"

static void devices_case (const char *text, bool ok, uint64_t expected)
{
    uint64_t value = 42 ;
    bool parsed = gbgpu_parse_devices (text, &value) ;
    ts_check (parsed == ok && value == (ok ? expected : 42),
        "GBGPU_DEVICES=\"%s\": %s, value %#llx (expected %s, %#llx)", text,
        parsed ? "taken" : "refused", (unsigned long long) value, ok ? "taken" : "refused",
        (unsigned long long) (ok ? expected : 42)) ;
}

int main (void)
{
    devices_case ("all", true, UINT64_MAX) ;
    devices_case (" ALL ", true, UINT64_MAX) ;
    devices_case ("0", true, 1) ;
    devices_case ("0,1", true, 3) ;
    devices_case (" 1 , 3 ", true, 10) ;
    devices_case ("63", true, (uint64_t) 1 << 63) ;
    devices_case ("2,2", true, 4) ;
    devices_case ("", false, 0) ;
    devices_case ("64", false, 0) ;
    devices_case ("-1", false, 0) ;
    devices_case ("0,", false, 0) ;
    devices_case (",0", false, 0) ;
    devices_case ("0;1", false, 0) ;
    devices_case ("allx", false, 0) ;
    devices_case ("gpu", false, 0) ;
    devices_case ("99999999999999999999", false, 0) ;

    int64_t count = 0 ;
    ts_check (gbgpu_parse_count ("5e8", &count) && count == 500000000, "5e8: %lld", (long long) count) ;
    ts_check (gbgpu_parse_count ("64K", &count) && count == 65536, "64K: %lld", (long long) count) ;
    ts_check (!gbgpu_parse_count ("8bananas", &count), "8bananas taken") ;
    bool on = false ;
    ts_check (gbgpu_parse_switch ("Yes", &on) && on, "Yes") ;
    ts_check (!gbgpu_parse_switch ("maybe", &on), "maybe taken") ;
    return ts_summary () ;
}
