import { cn } from "../../lib/cn.ts";
import { inputClass } from "./input.tsx";

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(inputClass, className)} {...props} />;
}
