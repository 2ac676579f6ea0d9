#pragma once

// Quantities at the model's API (DESIGN.md: strong types for power, energy, memory and time):
// Boost.Units quantities, so that a power passed where a memory size is expected, or kilowatts
// added to kilowatt-hours, does not compile (tests/model/core/unit_mixups.cpp). Inside hot loops
// the engine works on plain doubles and converts at the edges; a quantity is a double at run
// time (Boost.Units adds no storage and, at -O2, no instructions).
//
// Each kind is held in the unit the model's inputs are given in, so building and reading one is
// exact (no factor of 1,000 in and out): kilowatts(0.7), inKilowatts(p); hours and months
// (a month is 730 hours, 8,760 hours a year / 12: the engine's month); gigabytes(80) (10^9
// bytes, as HBM is sold); kilowatt-hours, which a kilowatt times an hour is. Money is Usd, a
// small strong type of its own: dollars add to dollars, scale by plain numbers and divide into
// a plain ratio.

#include <boost/units/base_unit.hpp>
#include <boost/units/make_system.hpp>
#include <boost/units/physical_dimensions/energy.hpp>
#include <boost/units/physical_dimensions/information.hpp>
#include <boost/units/physical_dimensions/power.hpp>
#include <boost/units/physical_dimensions/time.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/unit.hpp>
#include <compare>

namespace crossgrade::model {

namespace units {

// The base units of the model's system: the units its inputs are given in. A kilowatt times an
// hour is the system's energy unit, the kilowatt-hour, so a price per kWh applies with no
// conversion factor. (The ordinals only need to be unique among Boost.Units base units.)
struct kilowatt_base_unit
    : boost::units::base_unit<kilowatt_base_unit, boost::units::power_dimension, 21101> {
    static const char* name() { return "kilowatt"; }
    static const char* symbol() { return "kW"; }
};
struct hour_base_unit
    : boost::units::base_unit<hour_base_unit, boost::units::time_dimension, 21102> {
    static const char* name() { return "hour"; }
    static const char* symbol() { return "h"; }
};
struct gigabyte_base_unit
    : boost::units::base_unit<gigabyte_base_unit, boost::units::information_dimension, 21103> {
    static const char* name() { return "gigabyte"; }
    static const char* symbol() { return "GB"; }
};

using system =
    boost::units::make_system<kilowatt_base_unit, hour_base_unit, gigabyte_base_unit>::type;

template <typename Dimension>
using in_system = boost::units::quantity<boost::units::unit<Dimension, system>>;

} // namespace units

using Power = units::in_system<boost::units::power_dimension>;        // kW
using Energy = units::in_system<boost::units::energy_dimension>;      // kWh
using Duration = units::in_system<boost::units::time_dimension>;      // h
using Memory = units::in_system<boost::units::information_dimension>; // GB

inline constexpr double kHoursPerMonth = 730.0; // 8,760 hours a year / 12

inline Power kilowatts(double kw) {
    return Power::from_value(kw);
}
inline double inKilowatts(Power p) {
    return p.value();
}
inline Energy kilowattHours(double kwh) {
    return Energy::from_value(kwh);
}
inline double inKilowattHours(Energy e) {
    return e.value();
}
inline Duration hours(double h) {
    return Duration::from_value(h);
}
inline double inHours(Duration d) {
    return d.value();
}
inline Duration months(double m) {
    return hours(m * kHoursPerMonth);
}
inline double inMonths(Duration d) {
    return d.value() / kHoursPerMonth;
}
inline Memory gigabytes(double gb) {
    return Memory::from_value(gb);
}
inline double inGigabytes(Memory m) {
    return m.value();
}

// US dollars. Explicit from a number, so a count or a ratio never becomes money by accident.
class Usd {
public:
    constexpr Usd() = default;
    constexpr explicit Usd(double dollars)
        : m_dollars(dollars) {}
    constexpr double value() const { return m_dollars; }

    constexpr Usd& operator+=(Usd o) {
        m_dollars += o.m_dollars;
        return *this;
    }
    constexpr Usd& operator-=(Usd o) {
        m_dollars -= o.m_dollars;
        return *this;
    }
    friend constexpr Usd operator+(Usd a, Usd b) { return Usd(a.m_dollars + b.m_dollars); }
    friend constexpr Usd operator-(Usd a, Usd b) { return Usd(a.m_dollars - b.m_dollars); }
    friend constexpr Usd operator-(Usd a) { return Usd(-a.m_dollars); }
    friend constexpr Usd operator*(Usd a, double k) { return Usd(a.m_dollars * k); }
    friend constexpr Usd operator*(double k, Usd a) { return Usd(k * a.m_dollars); }
    friend constexpr Usd operator/(Usd a, double k) { return Usd(a.m_dollars / k); }
    friend constexpr double operator/(Usd a, Usd b) { return a.m_dollars / b.m_dollars; }
    friend constexpr auto operator<=>(Usd, Usd) = default;

private:
    double m_dollars = 0;
};

// Prices of the quantities above, each a strong type so that a rate per kWh cannot be charged
// on kilowatts of provisioned capacity.
struct UsdPerKwh {
    double value = 0;
};
struct UsdPerKwMonth {
    double value = 0;
};
struct UsdPerGpuHour {
    double value = 0;
};

inline Usd operator*(Energy e, UsdPerKwh price) {
    return Usd(inKilowattHours(e) * price.value);
}
// Electricity for a power drawn over a time at a facility's PUE, multiplied in the order the
// engine has always used (power × PUE × hours × price), so its results keep every bit.
inline Usd energyCost(Power drawn, double pue, Duration time, UsdPerKwh price) {
    return Usd(inKilowatts(drawn) * pue * inHours(time) * price.value);
}
// A month of provisioned capacity: facility cost is per kW whatever the load.
inline Usd monthOf(Power provisioned, UsdPerKwMonth price) {
    return Usd(inKilowatts(provisioned) * price.value);
}
// `gpus` GPUs rented for `time` at an hourly rate per GPU.
inline Usd rentFor(double gpus, Duration time, UsdPerGpuHour rate) {
    return Usd(gpus * inHours(time) * rate.value);
}

} // namespace crossgrade::model
