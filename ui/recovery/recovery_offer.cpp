#include "recovery_offer.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QStringList>

namespace crossgrade::ui {

namespace {

// English plurals spelled out: no translator is installed, and "5 minute(s) ago" reads badly.
QString count(qint64 n, const char* one, const char* many) {
    return n == 1 ? RecoveryOffer::tr(one) : RecoveryOffer::tr(many).arg(n);
}

QString ago(qint64 seconds) {
    if (seconds < 60)
        return RecoveryOffer::tr("just now");
    const qint64 minutes = seconds / 60;
    if (minutes < 60)
        return count(minutes, "a minute ago", "%1 minutes ago");
    const qint64 hours = minutes / 60;
    if (hours < 48)
        return count(hours, "an hour ago", "%1 hours ago");
    return count(hours / 24, "a day ago", "%1 days ago");
}

} // namespace

QString RecoveryOffer::scenarioName() const {
    if (scenario)
        return QString::fromStdString(scenario->name);
    if (header && !header->title.isEmpty())
        return header->title;
    return QFileInfo(filePath).fileName();
}

QString RecoveryOffer::originText() const {
    if (!header)
        return tr("unknown");
    const RecoveryOrigin& o = header->origin;
    switch (o.kind()) {
    case RecoveryOrigin::Kind::Stored:
        return o.version ? tr("stored scenario, version %1").arg(*o.version)
                         : tr("stored scenario");
    case RecoveryOrigin::Kind::File:
        return tr("the file %1").arg(QDir::toNativeSeparators(o.fileName));
    case RecoveryOrigin::Kind::New:
        break;
    }
    return tr("a new scenario, never saved");
}

QString RecoveryOffer::errorText(bool withFile) const {
    const QString file = QDir::toNativeSeparators(filePath);
    QStringList lines;
    for (const QString& line : error.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        // A problem of the whole file has no place: it is kept as ": message".
        const bool placeless = line.startsWith(QLatin1String(": "));
        if (withFile)
            lines << (placeless ? file + line : file + QLatin1Char(':') + line);
        else
            lines << (placeless ? line.mid(2) : line);
    }
    return lines.join(QLatin1Char('\n'));
}

QString RecoveryOffer::lastEditedText(const QDateTime& now) const {
    const QDateTime when = header && header->savedAt.isValid() ? header->savedAt : fileTime;
    if (!when.isValid())
        return tr("unknown");
    const QDateTime local = when.toLocalTime();
    const QLocale locale;
    return tr("%1 %2 (%3)")
        .arg(locale.toString(local.date(), QLocale::ShortFormat),
             locale.toString(local.time(), QLocale::ShortFormat),
             ago(std::max<qint64>(0, local.secsTo(now))));
}

} // namespace crossgrade::ui
