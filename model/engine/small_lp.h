#pragma once

// A small dense linear program solved by the simplex method with Bland's rule:
//     maximise  Σ_j value[j]·x[j]   subject to   Σ_j a[r][j]·x[j] ≤ b[r] (b[r] ≥ 0),  x ≥ 0.
// With every right-hand side non-negative the slack basis is feasible, so no phase 1 is
// needed; Bland's rule (lowest index enters and leaves) guarantees termination on degenerate
// problems and makes the answer deterministic. The engine uses it to share owned GPUs among
// demands (engine_pool_assignment.cpp, assignPool); storage is reused between solves, so a warm
// solver does not allocate.

#include <cstddef>
#include <vector>

namespace crossgrade::model {

class SmallLp {
public:
    // Below this a reduced cost counts as non-negative, a coefficient as zero, and two ratios
    // tie (engine_pool_assignment.cpp replays the pivots of one case with the same tolerance).
    static constexpr double kEpsilon = 1e-12;

    // Clears the problem to `rows` constraints over `cols` variables, all coefficients 0.
    void reset(int rows, int cols);

    void setCoefficient(int row, int col, double a) { m_t[index(row, col)] = a; }
    void setBound(int row, double b) { m_t[std::size_t(row) * m_width + m_width - 1] = b; }
    void setValue(int col, double value) { m_t[index(m_rows, col)] = -value; }

    // Runs at most `maxPivots` pivots; false if the limit was reached (x() is then feasible
    // but perhaps not optimal). The problems here are bounded by construction.
    bool solve(int maxPivots);

    // The value of variable `col` at the solution. Constant time: the engine asks for every
    // column, and a search of the basis per column made that rows × columns per month.
    double x(int col) const;

private:
    std::size_t index(int row, int col) const { return std::size_t(row) * m_width + col; }
    bool pivot(int maxPivots);

    int m_rows = 0;
    int m_cols = 0;
    std::size_t m_width = 0; // cols + slacks + right-hand side
    std::vector<double> m_t; // (rows + 1) × width; the last row holds the reduced costs
    std::vector<int> m_basis;
    std::vector<int> m_basicRow; // per column: the row it is basic in, or -1 (after solve)
};

} // namespace crossgrade::model
