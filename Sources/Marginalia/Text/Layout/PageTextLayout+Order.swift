import Foundation

extension PageTextLayout {
    /// A box in the frame of a direction group: u along the text, v across it (up).
    struct Box {
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity

        mutating func add(_ u: Double, _ v: Double) {
            minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
        }

        mutating func add(_ other: Box) {
            add(other.minU, other.minV)
            add(other.maxU, other.maxV)
        }
    }

    struct Block {
        var lines: [Line]
        var box: Box
        var size: Double
    }

    /// Lines grouped into blocks, and the blocks in reading order: upright text first (the
    /// page as shown), then each other direction in the order first drawn.
    func orderedBlocks(_ lines: [Line], _ characters: [LayoutCharacter]) -> [Block] {
        var groups: [(key: Int, direction: (u: Double, v: Double), lines: [Line])] = []
        for line in lines {
            let key = Int((atan2(line.direction.v, line.direction.u) * 180 / .pi / 5).rounded())
            if let at = groups.firstIndex(where: { $0.key == key || ($0.key - key).magnitude == 72 }) {
                groups[at].lines.append(line)
            } else {
                groups.append((key, line.direction, [line]))
            }
        }
        groups.sort { ($0.key == 0 ? 0 : 1) < ($1.key == 0 ? 0 : 1) }
        var result: [Block] = []
        for group in groups {
            let blocks = buildBlocks(group.lines, direction: group.direction, characters)
            let order = Self.xyCut(Array(blocks.indices), blocks.map(\.box))
            result += order.map { blocks[$0] }
        }
        return result
    }

    /// The box of a line in a direction's frame.
    private func box(_ line: Line, _ d: (u: Double, v: Double), _ characters: [LayoutCharacter]) -> Box {
        var box = Box()
        for index in line.characters {
            let c = characters[index]
            let u0 = c.start.u * d.u + c.start.v * d.v, v0 = -c.start.u * d.v + c.start.v * d.u
            let u1 = c.end.u * d.u + c.end.v * d.v, v1 = -c.end.u * d.v + c.end.v * d.u
            box.add(u0, v0)
            box.add(u0, v0 + c.height)
            box.add(u1, v1)
            box.add(u1, v1 + c.height)
        }
        return box
    }

    /// Lines into blocks, in drawing order: a line joins a block (one of the last few made,
    /// so that columns drawn row by row still make a block each) when it lies below the
    /// block's last line within a line's height, overlaps it along the text and has a
    /// similar size.
    private func buildBlocks(_ lines: [Line], direction: (u: Double, v: Double), _ characters: [LayoutCharacter]) -> [Block] {
        var blocks: [Block] = []
        var lastBoxes: [Box] = []
        for line in lines {
            let lineBox = box(line, direction, characters)
            let height = max(lineBox.maxV - lineBox.minV, 0.1)
            var joined = false
            for index in blocks.indices.reversed().prefix(8) {
                let last = lastBoxes[index]
                let gap = last.minV - lineBox.maxV
                let overlaps = lineBox.minU < last.maxU && lineBox.maxU > last.minU
                let ratio = line.size / max(blocks[index].size, 0.01)
                if gap > -0.5 * height, gap < 1.0 * height, overlaps, ratio > 0.7, ratio < 1.4 {
                    blocks[index].lines.append(line)
                    blocks[index].box.add(lineBox)
                    lastBoxes[index] = lineBox
                    joined = true
                    break
                }
            }
            if !joined {
                blocks.append(Block(lines: [line], box: lineBox, size: line.size))
                lastBoxes.append(lineBox)
            }
        }
        return blocks
    }

    /// Recursive XY-cut: split where a gap runs from top to bottom (columns, left to right),
    /// else where one runs across (top to bottom); what cannot be split is read top down,
    /// then left to right.
    static func xyCut(_ items: [Int], _ boxes: [Box]) -> [Int] {
        guard items.count > 1 else { return items }
        func topDown(_ items: [Int]) -> [Int] {
            items.sorted { (-boxes[$0].maxV, boxes[$0].minU) < (-boxes[$1].maxV, boxes[$1].minU) }
        }
        // Past a few thousand blocks, cutting would cost quadratic time: read them top down.
        guard items.count <= 2_000 else { return topDown(items) }
        let byU = items.sorted { boxes[$0].minU < boxes[$1].minU }
        var columns: [[Int]] = [[byU[0]]]
        var reach = boxes[byU[0]].maxU
        for item in byU.dropFirst() {
            if boxes[item].minU > reach + 0.5 { columns.append([item]) } else { columns[columns.count - 1].append(item) }
            reach = max(reach, boxes[item].maxU)
        }
        if columns.count > 1 { return columns.flatMap { xyCut($0, boxes) } }
        let byV = items.sorted { boxes[$0].maxV > boxes[$1].maxV }
        var rows: [[Int]] = [[byV[0]]]
        var floor = boxes[byV[0]].minV
        for item in byV.dropFirst() {
            if boxes[item].maxV < floor - 0.1 { rows.append([item]) } else { rows[rows.count - 1].append(item) }
            floor = min(floor, boxes[item].minV)
        }
        if rows.count > 1 { return rows.flatMap { xyCut($0, boxes) } }
        return topDown(items)
    }
}
