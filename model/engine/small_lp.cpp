#include "small_lp.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model {

void SmallLp::reset(int rows, int cols) {
    m_rows = rows;
    m_cols = cols;
    m_width = std::size_t(cols + rows + 1);
    m_t.assign(std::size_t(rows + 1) * m_width, 0.0);
    m_basis.resize(std::size_t(rows));
    for (int r = 0; r < rows; ++r) {
        m_t[index(r, cols + r)] = 1.0;
        m_basis[std::size_t(r)] = cols + r;
    }
    m_basicRow.assign(m_width, -1); // the slack basis, for x() before solve()
    for (int r = 0; r < rows; ++r)
        m_basicRow[std::size_t(cols + r)] = r;
}

bool SmallLp::solve(int maxPivots) {
    const bool solved = pivot(maxPivots);
    // A column is basic in one row at most, so this is the row the former search found.
    m_basicRow.assign(m_width, -1);
    for (int r = 0; r < m_rows; ++r)
        m_basicRow[std::size_t(m_basis[std::size_t(r)])] = r;
    return solved;
}

bool SmallLp::pivot(int maxPivots) {
    const int last = int(m_width) - 1;
    for (int pivot = 0; pivot < maxPivots; ++pivot) {
        int enter = -1;
        for (int c = 0; c < last; ++c)
            if (m_t[index(m_rows, c)] < -kEpsilon) {
                enter = c;
                break;
            }
        if (enter < 0)
            return true;
        int leave = -1;
        double best = 0;
        for (int r = 0; r < m_rows; ++r) {
            const double a = m_t[index(r, enter)];
            if (a <= kEpsilon)
                continue;
            const double ratio = m_t[index(r, last)] / a;
            if (leave < 0 || ratio < best - kEpsilon ||
                (ratio <= best + kEpsilon &&
                 m_basis[std::size_t(r)] < m_basis[std::size_t(leave)])) {
                leave = r;
                best = ratio;
            }
        }
        if (leave < 0)
            return true; // unbounded: cannot happen with the engine's non-negative rows
        const double p = m_t[index(leave, enter)];
        for (int c = 0; c <= last; ++c)
            m_t[index(leave, c)] /= p;
        for (int r = 0; r <= m_rows; ++r) {
            const double f = m_t[index(r, enter)];
            if (r == leave || f == 0.0)
                continue;
            for (int c = 0; c <= last; ++c)
                m_t[index(r, c)] -= f * m_t[index(leave, c)];
        }
        m_basis[std::size_t(leave)] = enter;
    }
    return false;
}

double SmallLp::x(int col) const {
    const int r = std::size_t(col) < m_basicRow.size() ? m_basicRow[std::size_t(col)] : -1;
    return r < 0 ? 0.0 : std::max(0.0, m_t[index(r, int(m_width) - 1)]);
}

} // namespace crossgrade::model
