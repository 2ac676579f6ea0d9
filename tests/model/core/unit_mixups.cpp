// Unit mix-ups that must not compile (model/core/units.h). check_unit_mixups.sh compiles this
// file once per case: case 0 is correct code and must compile; every other case is one
// mix-up and must fail, so a change that lets one through (an implicit constructor, a loose
// operator) fails the test.

#include "units.h"

using namespace crossgrade::model;

int gpusPerReplicaLike(Memory model, Memory hbm) {
    return static_cast<int>(inGigabytes(model) / inGigabytes(hbm));
}

double check() {
    const Power board = kilowatts(0.7);
    const Duration month = months(1);
    const Memory hbm = gigabytes(192);
    const Energy used = board * month; // kW × h is kWh
    Usd cost = used * UsdPerKwh{0.08};
    cost += monthOf(board, UsdPerKwMonth{150});
    (void)hbm;
#if CROSSGRADE_MIXUP == 1
    // A power where a memory size is expected.
    return gpusPerReplicaLike(board, hbm);
#elif CROSSGRADE_MIXUP == 2
    // Kilowatts added to kilowatt-hours.
    const Energy wrong = used + board;
    return inKilowattHours(wrong);
#elif CROSSGRADE_MIXUP == 3
    // A bare number taken for a memory size.
    return gpusPerReplicaLike(505.0, hbm);
#elif CROSSGRADE_MIXUP == 4
    // A bare number taken for money.
    const Usd price = 25000.0;
    return price.value();
#elif CROSSGRADE_MIXUP == 5
    // Money added to energy.
    return (cost + used).value();
#elif CROSSGRADE_MIXUP == 6
    // A price per kWh charged on provisioned kilowatts.
    return (board * UsdPerKwh{0.08}).value();
#elif CROSSGRADE_MIXUP == 7
    // A duration where a power is expected.
    return energyCost(month, 1.3, month, UsdPerKwh{0.08}).value();
#else
    return cost.value() + gpusPerReplicaLike(gigabytes(505), hbm) +
           energyCost(board, 1.3, month, UsdPerKwh{0.08}).value();
#endif
}
