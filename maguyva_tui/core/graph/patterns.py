"""Tree-sitter query patterns that find references, imports and local bindings, per language.

Capture names are the contract with ``extract.py``:

- ``@call``: the callee expression of a call (``@call.java``: a whole Java method invocation);
- ``@new``: the type of an instantiation (``new Foo()``, ``Foo{}``, ``Foo { .. }``);
- ``@inherit``: a base type; ``@sub`` the subtype when it is not the enclosing definition (Rust ``impl``);
- ``@type``: a type written in an annotation or a declaration;
- ``@import``: an import statement, read by ``imports.py``;
- ``@local`` a name bound in a function or class body, with ``@local.type`` (its declared type) or
  ``@local.value`` (the value assigned, typed when it is an instantiation); ``@local.self`` binds an
  attribute of ``self`` (``self.x = Foo()``); ``@local.returns`` a declared return type and
  ``@local.return`` a returned value, both bound to the name ``<return>`` of the function.
"""

from __future__ import annotations

PYTHON = r"""
(call function: (_) @call)
(decorator (identifier) @call)
(decorator (attribute) @call)
(class_definition superclasses: (argument_list [(identifier) (attribute)] @inherit))
(type [(identifier) (attribute)] @type)
(import_statement) @import
(import_from_statement) @import
(parameters (identifier) @local)
(default_parameter name: (identifier) @local)
(typed_parameter (identifier) @local type: (type) @local.type)
(typed_default_parameter name: (identifier) @local type: (type) @local.type)
(assignment left: (identifier) @local type: (type) @local.type)
(assignment left: (identifier) @local right: (_) @local.value)
(assignment left: (pattern_list (identifier) @local))
(assignment left: (tuple_pattern (identifier) @local))
(assignment left: (attribute object: (identifier) @self attribute: (identifier) @local.self) right: (_) @local.value)
(augmented_assignment left: (identifier) @local)
(for_statement left: (identifier) @local)
(for_statement left: (pattern_list (identifier) @local))
(for_in_clause left: (identifier) @local)
(as_pattern_target (identifier) @local)
(named_expression name: (identifier) @local value: (_) @local.value)
(as_pattern (call) @local.value alias: (as_pattern_target (identifier) @local))
(return_statement (_) @local.return)
(function_definition return_type: (type) @local.returns)
"""

_JS_COMMON = r"""
(call_expression function: (_) @call)
(new_expression constructor: (_) @new)
(import_statement) @import
(export_statement source: (_)) @import
(export_statement value: (identifier)) @import
(export_statement "default" declaration: (_)) @import
(variable_declarator name: (_) value: (call_expression function: (identifier) arguments: (arguments (string)))) @import
(variable_declarator name: (identifier) @local value: (_) @local.value)
(for_in_statement left: (identifier) @local)
(catch_clause parameter: (identifier) @local)
(return_statement (_) @local.return)
"""

JAVASCRIPT = _JS_COMMON + r"""
(class_heritage [(identifier) (member_expression)] @inherit)
(formal_parameters (identifier) @local)
(assignment_pattern left: (identifier) @local)
"""

TYPESCRIPT = _JS_COMMON + r"""
(extends_clause value: (_) @inherit)
(implements_clause [(type_identifier) (nested_type_identifier) (generic_type)] @inherit)
(extends_type_clause type: (_) @inherit)
(type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @type)
(required_parameter pattern: (identifier) @local type: (type_annotation) @local.type)
(optional_parameter pattern: (identifier) @local type: (type_annotation) @local.type)
(required_parameter pattern: (identifier) @local)
(variable_declarator name: (identifier) @local type: (type_annotation) @local.type)
(public_field_definition name: (property_identifier) @local type: (type_annotation) @local.type)
(function_declaration return_type: (type_annotation) @local.returns)
(method_definition return_type: (type_annotation) @local.returns)
"""

GO = r"""
(call_expression function: (_) @call)
(composite_literal type: [(type_identifier) (qualified_type)] @new)
(field_declaration !name type: [(type_identifier) (qualified_type)] @inherit)
(field_declaration !name type: (pointer_type [(type_identifier) (qualified_type)] @inherit))
(type_elem [(type_identifier) (qualified_type)] @inherit)
(parameter_declaration type: [(type_identifier) (qualified_type)] @type)
(parameter_declaration type: (pointer_type [(type_identifier) (qualified_type)] @type))
(import_declaration) @import
(parameter_declaration name: (identifier) @local type: (_) @local.type)
(short_var_declaration left: (expression_list . (identifier) @local) right: (expression_list . (_) @local.value))
(short_var_declaration left: (expression_list (identifier) @local))
(var_spec name: (identifier) @local type: (_) @local.type)
(var_spec name: (identifier) @local value: (expression_list . (_) @local.value))
(range_clause left: (expression_list (identifier) @local))
(function_declaration result: (_) @local.returns)
(method_declaration result: (_) @local.returns)
(return_statement (expression_list . (_) @local.return))
"""

RUST = r"""
(call_expression function: (_) @call)
(struct_expression name: (_) @new)
(impl_item trait: (_) @inherit type: (_) @sub)
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier)] @inherit))
(parameter type: [(type_identifier) (scoped_type_identifier)] @type)
(parameter type: (reference_type type: [(type_identifier) (scoped_type_identifier)] @type))
(use_declaration) @import
(parameter pattern: (identifier) @local type: (_) @local.type)
(let_declaration pattern: (identifier) @local type: (_) @local.type)
(let_declaration pattern: (identifier) @local value: (_) @local.value)
(let_declaration pattern: (identifier) @local)
(closure_parameters (identifier) @local)
(for_expression pattern: (identifier) @local)
(function_item return_type: (_) @local.returns)
"""

JAVA = r"""
(method_invocation) @call.java
(object_creation_expression type: (_) @new)
(superclass (_) @inherit)
(super_interfaces (type_list (_) @inherit))
(extends_interfaces (type_list (_) @inherit))
(formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type)
(field_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type)
(import_declaration) @import
(formal_parameter type: (_) @local.type name: (identifier) @local)
(local_variable_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local value: (_) @local.value))
(local_variable_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local))
(field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local))
(enhanced_for_statement type: (_) @local.type name: (identifier) @local)
(catch_formal_parameter name: (identifier) @local)
(method_declaration type: (_) @local.returns)
(return_statement (_) @local.return)
"""

_C_COMMON = r"""
(call_expression function: (_) @call)
(parameter_declaration type: (type_identifier) @type)
(preproc_include) @import
(parameter_declaration type: (_) @local.type declarator: (_) @local)
(declaration type: (_) @local.type declarator: (_) @local)
(function_definition type: (_) @local.returns)
"""

C = _C_COMMON

CPP = _C_COMMON + r"""
(new_expression type: (_) @new)
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit)
(field_declaration type: (_) @local.type declarator: (_) @local)
(for_range_loop type: (_) @local.type declarator: (_) @local)
"""

PATTERNS: dict[str, str] = {
    "python": PYTHON,
    "javascript": JAVASCRIPT,
    "typescript": TYPESCRIPT,
    "tsx": TYPESCRIPT,
    "go": GO,
    "rust": RUST,
    "java": JAVA,
    "c": C,
    "cpp": CPP,
}
"""Query source per structural language."""
