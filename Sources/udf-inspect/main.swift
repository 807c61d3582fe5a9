import TodoExample
import UDFInspect

await Inspector.main(commands: Inspector.builtInCommands, configuration: InspectorConfiguration(demo: TodoDemo.scenario))
