import { cn } from "../../lib/cn.ts";
import { controlClass } from "./input.tsx";

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn("h-11", controlClass, className)} {...props} />;
}
