// The look of a figure (figure_style.h): palettes, labels, and the ink every plot shares.

#include "figure_style.h"

#include <array>

namespace crossgrade::reports {

using model::OptionId;

namespace {

// Okabe & Ito (2008), "Color Universal Design": orange, bluish green, vermillion, reddish
// purple stay apart under protanopia, deuteranopia and tritanopia. Stay-cuda is the reference
// every path is read against, so it gets a neutral slate instead of a hue.
QColor baseOptionColour(OptionId option) {
    switch (option) {
    case OptionId::StayCuda:
        return {0x4a, 0x5d, 0x70};
    case OptionId::Path1:
        return {0xe6, 0x9f, 0x00};
    case OptionId::Path2:
        return {0x00, 0x9e, 0x73};
    case OptionId::Path3:
        return {0xd5, 0x5e, 0x00};
    case OptionId::Path2And3:
        return {0xcc, 0x79, 0xa7};
    }
    return Qt::gray;
}

// Paul Tol's "muted" scheme (colour-blind safe, ten hues incl. pale grey) and one light blue; the
// residual, the one negative component, is grey so it reads as "money coming back", not as another
// cost.
constexpr std::array<QRgb, model::kComponentCount> kComponentColours{
    0x332288, // capex: indigo
    0x88ccee, // rent: cyan
    0x77aadd, // bridge: light blue, rent's kin (Tol's "light" scheme)
    0xddcc77, // energy: sand
    0x999933, // facility: olive
    0x44aa99, // maintenance: teal
    0xcc6677, // migration: rose
    0x882255, // parallel run: wine
    0xaa4499, // dual vendor: purple
    0x117733, // productivity: green
    0xee8866, // software licences: salmon (Tol's "light" scheme)
    0x5566aa, // network: slate, capex's kin
    0xbbcc33, // storage: pear
    0x66ccaa, // operations: mint, maintenance's kin
    0x99ddff, // support: pale blue
    0xaaaa00, // spares: olive-yellow
    0xffaabb, // financing: pink
    0x9a9a9a, // residual: grey
};
static_assert(kComponentColours.back() == 0x9a9a9a, "one colour per component, residual last");

// Vendors told apart by blue (NVIDIA) against orange (AMD), the pair that survives every
// common colour-vision deficiency; shades within a vendor tell its SKUs apart.
constexpr std::array<QRgb, 3> kNvidiaShades{0x0072b2, 0x56b4e9, 0x1c3f6e};
constexpr std::array<QRgb, 3> kAmdShades{0xd55e00, 0xe69f00, 0x8c3b00};
constexpr std::array<QRgb, 6> kSkuFallback{0x0072b2, 0xd55e00, 0x56b4e9,
                                           0xe69f00, 0x1c3f6e, 0x8c3b00};

// On a dark background the darkest hues (indigo, navy, wine) would sink into it: they are
// lifted most, the rest a little.
QColor lightenedForDark(QColor c, const FigureStyle& style) {
    if (!style.dark)
        return c;
    return c.lightnessF() < 0.35 ? c.lighter(200) : c.lighter(120);
}

} // namespace

QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

// `c` faded into `background` as if drawn at `opacity`, but opaque. Faint curves drawn with
// translucent pens wider than a hairline are slow in Qt's raster engine (measured: five faint
// dashed 1.6 px curves took the cumulative chart's replot from about 1 ms to 5 ms), and opaque
// colours also print the same in every PDF viewer.
QColor faded(const QColor& c, const QColor& background, double opacity) {
    const auto mix = [&](double a, double b) {
        return float(opacity * a + (1 - opacity) * b);
    };
    return QColor::fromRgbF(mix(c.redF(), background.redF()), mix(c.greenF(), background.greenF()),
                            mix(c.blueF(), background.blueF()));
}

QFont scaledFont(const FigureStyle& style, double factor, bool bold) {
    QFont f = style.font;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    f.setBold(bold);
    return f;
}

FigureStyle FigureStyle::fromPalette(const QPalette& palette, const QFont& font) {
    FigureStyle s;
    s.background = palette.color(QPalette::Base);
    s.foreground = palette.color(QPalette::Text);
    s.dark = s.background.lightnessF() < 0.5;
    s.grid = s.dark ? s.background.lighter(160) : s.background.darker(112);
    s.font = font;
    return s;
}

FigureStyle FigureStyle::print() {
    FigureStyle s;
    s.font = QFont(QStringLiteral("DejaVu Sans"), 8);
    return s;
}

QColor optionColour(OptionId option, const FigureStyle& style) {
    if (option == OptionId::StayCuda && style.dark)
        return QColor(0x9f, 0xb3, 0xc6); // the slate itself vanishes on a dark background
    return lightenedForDark(baseOptionColour(option), style);
}

QString optionLabel(OptionId option) {
    return QString::fromStdString(model::optionShortTitle(option)); // the model's one table
}

QColor componentColour(int component, const FigureStyle& style) {
    if (component < 0 || component >= model::kComponentCount)
        return style.foreground;
    return lightenedForDark(QColor(kComponentColours[std::size_t(component)]), style);
}

QString componentLabel(int component) {
    switch (component) {
    case model::kCapex:
        return QObject::tr("Capex");
    case model::kRent:
        return QObject::tr("Rent");
    case model::kBridge:
        return QObject::tr("Bridge rental");
    case model::kEnergy:
        return QObject::tr("Energy");
    case model::kFacility:
        return QObject::tr("Facility");
    case model::kMaintenance:
        return QObject::tr("Maintenance");
    case model::kMigration:
        return QObject::tr("Migration");
    case model::kParallelRun:
        return QObject::tr("Parallel run");
    case model::kDualVendor:
        return QObject::tr("Dual vendor");
    case model::kProductivity:
        return QObject::tr("Productivity");
    case model::kSoftware:
        return QObject::tr("Software licences");
    case model::kNetwork:
        return QObject::tr("Network fabric");
    case model::kStorage:
        return QObject::tr("Storage");
    case model::kOperations:
        return QObject::tr("Operations staff");
    case model::kSupport:
        return QObject::tr("Support contracts");
    case model::kSpares:
        return QObject::tr("GPU replacements");
    case model::kFinancing:
        return QObject::tr("Financing");
    case model::kResidual:
        return QObject::tr("Residual");
    default:
        return QString::fromLatin1(model::componentName(component));
    }
}

QColor skuColour(std::optional<model::Vendor> vendor, std::size_t rank, const FigureStyle& style) {
    QColor colour(kSkuFallback[rank % kSkuFallback.size()]);
    if (vendor == model::Vendor::Nvidia)
        colour = QColor(kNvidiaShades[rank % kNvidiaShades.size()]);
    else if (vendor == model::Vendor::Amd)
        colour = QColor(kAmdShades[rank % kAmdShades.size()]);
    return lightenedForDark(colour, style);
}

void applyPlotStyle(QCustomPlot* plot, const FigureStyle& style) {
    plot->setBackground(style.background);
    plot->axisRect()->setBackground(style.background);
    inkAxes(plot, style, QPen(style.grid, 1, Qt::SolidLine),
            QPen(faded(style.foreground, style.background, 0.55), 1));
    plot->legend->setFont(style.font);
    plot->legend->setTextColor(style.foreground);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setBorderPen(Qt::NoPen);
}

void inkAxes(QCustomPlot* plot, const FigureStyle& style, const QPen& grid, const QPen& zeroLine) {
    const QPen axisPen(style.foreground, 1);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(style.foreground);
        axis->setLabelColor(style.foreground);
        axis->setTickLabelFont(style.font);
        axis->setLabelFont(style.font);
        axis->grid()->setPen(grid);
        axis->grid()->setZeroLinePen(zeroLine);
    }
}

} // namespace crossgrade::reports
