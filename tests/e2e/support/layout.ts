import type { Locator, Page } from "@playwright/test";

export interface ControlBox {
  /** What the control does: a link's path and query, else its accessible label or text. */
  key: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The visible links and buttons inside `root`, each with the box it paints: its own box joined
 * with its descendants', so a badge spilling out of a link counts as part of that link.
 */
export async function visibleControls(root: Locator): Promise<ControlBox[]> {
  return root.evaluate((element) => {
    const painted = (node: Element) => {
      const box = node.getBoundingClientRect();
      // Visually hidden text (sr-only) is a 1×1 px box: it paints nothing.
      return box.width > 1 && box.height > 1 && node.checkVisibility({ visibilityProperty: true })
        ? box
        : null;
    };
    return [...element.querySelectorAll("a, button")].flatMap((control) => {
      const own = painted(control);
      if (!own) return [];
      const boxes = [own, ...[...control.querySelectorAll("*")].map(painted)].filter(
        (box): box is DOMRect => box !== null,
      );
      const href = control.getAttribute("href");
      const key = href
        ? new URL(href, location.href).pathname + new URL(href, location.href).search
        : (control.getAttribute("aria-label") ?? control.textContent ?? "").trim();
      return [
        {
          key,
          left: Math.min(...boxes.map((b) => b.left)),
          top: Math.min(...boxes.map((b) => b.top)),
          right: Math.max(...boxes.map((b) => b.right)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
        },
      ];
    });
  });
}

/** Controls that stick out of the viewport, as readable lines for an assertion message. */
export async function outsideViewport(page: Page, controls: ControlBox[]): Promise<string[]> {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
  }));
  return controls
    .filter((c) => c.left < 0 || c.top < 0 || c.right > width + 0.5 || c.bottom > height + 0.5)
    .map((c) => `${c.key} at x ${Math.round(c.left)}–${Math.round(c.right)} of ${width}`);
}

/** Pairs of controls whose boxes overlap by more than half a pixel each way. */
export function overlaps(controls: ControlBox[]): string[] {
  const found: string[] = [];
  controls.forEach((a, i) => {
    for (const b of controls.slice(i + 1)) {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) found.push(`${a.key} × ${b.key} by ${Math.round(x)} px`);
    }
  });
  return found;
}

/** How far the document scrolls sideways (0 when it does not). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Elements inside `root` that scroll sideways: a table wider than its box, for one. */
export async function sidewaysScrollers(root: Locator): Promise<string[]> {
  return root.evaluate((element) =>
    [element, ...element.querySelectorAll("*")]
      .filter(
        (node) =>
          node.scrollWidth > node.clientWidth + 1 &&
          ["auto", "scroll"].includes(getComputedStyle(node).overflowX),
      )
      .map((node) => `${node.tagName.toLowerCase()} ${node.scrollWidth} > ${node.clientWidth}`),
  );
}

/** Whether box `inner` lies within box `outer` (half a pixel of rounding allowed). */
export function inside(
  inner: { x: number; y: number; width: number; height: number },
  outer: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}
